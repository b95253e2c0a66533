//! "Extract code from board": the memory-read command (category 1, command 4) and its
//! reply, which the board protocol leaves undocumented (board-protocol §2.4, §10 q4). This
//! project defines them in `docs/protocol-extensions.md`; this module is both sides:
//! the board decodes a request and cuts the reply into chunks, the host reassembles them.
//!
//! Request payload (host → board): `[1, 4, area, offHi, offLo, lenHi, lenLo]`; area 0 is the
//! Logo program area; length 0 means "the program as downloaded".
//!
//! Reply: response packets (input-report type 20, board-protocol §3.5)
//! `[20, L, 4, status, offHi, offLo, totHi, totLo, flags, data…]` whose payload (from index
//! 4, `L` bytes) is this module's chunk: offset of the first data byte, total bytes of the
//! reply, flags (bit 0: autorun on), then at most [`CHUNK_DATA`] bytes.

use std::fmt;

pub const CATEGORY_MEMORY: u8 = 1;
pub const CMD_MEM_READ: u8 = 4;
/// Input-report type of response packets (board-protocol §3.5).
pub const RESPONSE_TYPE: u8 = 20;
/// The Logo program area.
pub const AREA_PROGRAM: u8 = 0;
/// The program area's size (spec core §9).
pub const PROGRAM_AREA_BYTES: usize = crate::logo::MAX_BYTE_CODE_LENGTH;
/// Bytes of a response payload (indices 4..63 of a 64-byte report).
pub const PAYLOAD_BYTES: usize = 60;
/// Bytes of a chunk's header: offset, total, flags.
pub const CHUNK_HEADER: usize = 5;
/// Data bytes per chunk.
pub const CHUNK_DATA: usize = PAYLOAD_BYTES - CHUNK_HEADER;

/// Status byte of a reply packet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// A chunk; more follow.
    More = 1,
    /// The request names an unknown area or a range outside it (no data).
    Failure = 2,
    /// Nothing was downloaded (no data, total 0).
    Empty = 3,
    /// The last chunk.
    Last = 4,
}

impl Status {
    pub fn from_byte(b: u8) -> Option<Status> {
        match b {
            1 => Some(Status::More),
            2 => Some(Status::Failure),
            3 => Some(Status::Empty),
            4 => Some(Status::Last),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadRequest {
    pub area: u8,
    pub offset: u16,
    /// 0: the program as downloaded.
    pub length: u16,
}

impl ReadRequest {
    /// The whole downloaded program.
    pub fn program() -> Self {
        ReadRequest {
            area: AREA_PROGRAM,
            offset: 0,
            length: 0,
        }
    }
}

/// The command payload (category, command, parameters) for `req`.
pub fn encode_request(req: ReadRequest) -> Vec<u8> {
    let [oh, ol] = req.offset.to_be_bytes();
    let [lh, ll] = req.length.to_be_bytes();
    vec![CATEGORY_MEMORY, CMD_MEM_READ, req.area, oh, ol, lh, ll]
}

/// Reads a request from a command payload (`[1, 4, …]`); missing bytes read as 0, like the
/// board's other commands.
pub fn decode_request(payload: &[u8]) -> Option<ReadRequest> {
    if payload.get(..2) != Some(&[CATEGORY_MEMORY, CMD_MEM_READ][..]) {
        return None;
    }
    let b = |i: usize| payload.get(i).copied().unwrap_or(0);
    Some(ReadRequest {
        area: b(2),
        offset: u16::from_be_bytes([b(3), b(4)]),
        length: u16::from_be_bytes([b(5), b(6)]),
    })
}

/// One reply packet: status and payload (the report is `[20, payload.len(), 4, status,
/// payload…]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chunk {
    pub status: Status,
    pub payload: Vec<u8>,
}

fn header(offset: usize, total: usize, autorun: bool) -> Vec<u8> {
    let mut p = Vec::with_capacity(PAYLOAD_BYTES);
    p.extend_from_slice(&(offset as u16).to_be_bytes());
    p.extend_from_slice(&(total as u16).to_be_bytes());
    p.push(u8::from(autorun));
    p
}

/// The board's reply to `req`: `area` is the program area (2048 bytes), `program_len` the
/// bytes the last download wrote, `autorun` the autorun flag.
pub fn reply(area: &[u8], program_len: usize, autorun: bool, req: ReadRequest) -> Vec<Chunk> {
    let size = area.len().min(PROGRAM_AREA_BYTES);
    let offset = usize::from(req.offset);
    let length = match req.length {
        0 => program_len.min(size).saturating_sub(offset),
        n => usize::from(n),
    };
    if req.area != AREA_PROGRAM
        || offset + length > size
        || (req.length == 0 && offset > program_len)
    {
        return vec![Chunk {
            status: Status::Failure,
            payload: header(offset, 0, autorun),
        }];
    }
    if length == 0 {
        return vec![Chunk {
            status: Status::Empty,
            payload: header(offset, 0, autorun),
        }];
    }
    let end = offset + length;
    (offset..end)
        .step_by(CHUNK_DATA)
        .map(|at| {
            let stop = (at + CHUNK_DATA).min(end);
            let mut payload = header(at, length, autorun);
            payload.extend_from_slice(&area[at..stop]);
            Chunk {
                status: if stop == end {
                    Status::Last
                } else {
                    Status::More
                },
                payload,
            }
        })
        .collect()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorCode {
    /// A packet that is not a chunk of this reply (bad status, short header, a chunk
    /// outside the reply, a total that changed).
    BadChunk,
    /// The board refused the request.
    Failure,
    /// The reply ended with bytes missing.
    Incomplete,
}

codes!(ErrorCode: BadChunk = "bad-chunk", Failure = "read-failure", Incomplete = "incomplete");

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemReadError {
    pub code: ErrorCode,
    pub message: String,
}

impl fmt::Display for MemReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

fn bad(message: String) -> MemReadError {
    MemReadError {
        code: ErrorCode::BadChunk,
        message,
    }
}

/// The bytes read back, where they start in the area, and the board's autorun flag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadBack {
    pub offset: u16,
    pub data: Vec<u8>,
    pub autorun: bool,
}

/// Host side: collects reply chunks in any order (duplicates allowed) into the bytes read.
#[derive(Debug, Clone)]
pub struct Assembler {
    /// The offset the request asked for.
    start: usize,
    /// The reply's total, from the first chunk.
    total: Option<usize>,
    data: Vec<u8>,
    have: Vec<bool>,
    autorun: bool,
    last_seen: bool,
    empty: bool,
}

impl Assembler {
    /// An assembler for the reply to a request that began at `offset`.
    pub fn new(offset: u16) -> Self {
        Assembler {
            start: usize::from(offset),
            total: None,
            data: Vec::new(),
            have: Vec::new(),
            autorun: false,
            last_seen: false,
            empty: false,
        }
    }

    /// Takes one reply packet's status byte and payload.
    pub fn push(&mut self, status: u8, payload: &[u8]) -> Result<(), MemReadError> {
        let status =
            Status::from_byte(status).ok_or_else(|| bad(format!("unknown status {status}")))?;
        if payload.len() < CHUNK_HEADER {
            return Err(bad(format!(
                "a chunk of {} bytes has no header",
                payload.len()
            )));
        }
        let offset = usize::from(u16::from_be_bytes([payload[0], payload[1]]));
        let total = usize::from(u16::from_be_bytes([payload[2], payload[3]]));
        self.autorun = payload[4] & 1 != 0;
        let data = &payload[CHUNK_HEADER..];
        match status {
            Status::Failure => {
                return Err(MemReadError {
                    code: ErrorCode::Failure,
                    message: "The board could not read that memory".to_string(),
                })
            }
            Status::Empty => {
                self.empty = true;
                self.total = Some(0);
                return Ok(());
            }
            Status::More | Status::Last => {}
        }
        let (start, len) = (self.start, *self.total.get_or_insert(total));
        if total != len {
            return Err(bad(format!("the total changed from {len} to {total}")));
        }
        if self.data.len() != len {
            self.data = vec![0; len];
            self.have = vec![false; len];
        }
        let from = offset
            .checked_sub(start)
            .filter(|&f| f + data.len() <= len && !data.is_empty())
            .ok_or_else(|| bad(format!("a chunk at {offset} lies outside the reply")))?;
        self.data[from..from + data.len()].copy_from_slice(data);
        self.have[from..from + data.len()]
            .iter_mut()
            .for_each(|h| *h = true);
        if status == Status::Last {
            self.last_seen = true;
        }
        Ok(())
    }

    /// The chunk marked last has arrived (if bytes are still missing, ask for them again).
    pub fn saw_last(&self) -> bool {
        self.last_seen || self.empty
    }

    /// Every byte has arrived (or the board said there is nothing).
    pub fn is_complete(&self) -> bool {
        self.empty || (self.total.is_some() && self.have.iter().all(|&h| h))
    }

    /// The first missing range as (offset, length), to request again.
    pub fn missing(&self) -> Option<(u16, u16)> {
        self.total?;
        let from = self.have.iter().position(|&h| !h)?;
        let len = self.have[from..].iter().take_while(|&&h| !h).count();
        Some(((self.start + from) as u16, len as u16))
    }

    pub fn finish(self) -> Result<ReadBack, MemReadError> {
        if !self.is_complete() {
            let detail = match self.missing() {
                Some((at, n)) => format!("{n} bytes from {at} are missing"),
                None => "no chunk arrived".to_string(),
            };
            return Err(MemReadError {
                code: ErrorCode::Incomplete,
                message: format!("The program read back is incomplete: {detail}"),
            });
        }
        Ok(ReadBack {
            offset: self.start as u16,
            data: if self.empty { Vec::new() } else { self.data },
            autorun: self.autorun,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn area(program: &[u8]) -> Vec<u8> {
        let mut a = vec![0xFF; PROGRAM_AREA_BYTES];
        a[..program.len()].copy_from_slice(program);
        a
    }

    #[test]
    fn requests_round_trip() {
        let req = ReadRequest {
            area: 0,
            offset: 300,
            length: 60,
        };
        let p = encode_request(req);
        assert_eq!(p, vec![1, 4, 0, 1, 44, 0, 60]);
        assert_eq!(decode_request(&p), Some(req));
        assert_eq!(decode_request(&[1, 4]), Some(ReadRequest::program()));
        assert_eq!(decode_request(&[1, 3, 0]), None);
    }

    #[test]
    fn the_whole_program_comes_back_in_55_byte_chunks() {
        let program: Vec<u8> = (0..2048u32).map(|i| (i * 7 % 251) as u8).collect();
        let chunks = reply(&area(&program), 2048, true, ReadRequest::program());
        assert_eq!(chunks.len(), 38);
        assert!(chunks.iter().all(|c| c.payload.len() <= PAYLOAD_BYTES));
        assert_eq!(chunks[0].payload[..5], [0, 0, 8, 0, 1]);
        assert_eq!(chunks.last().map(|c| c.status), Some(Status::Last));
        assert!(chunks[..37].iter().all(|c| c.status == Status::More));
        // Out of order, with a duplicate.
        let mut asm = Assembler::new(0);
        for c in chunks.iter().rev().chain(chunks.iter().take(1)) {
            asm.push(c.status as u8, &c.payload).expect("chunk");
        }
        let back = asm.finish().expect("complete");
        assert_eq!((back.offset, back.autorun), (0, true));
        assert_eq!(back.data, program);
    }

    #[test]
    fn length_zero_reads_what_the_download_wrote() {
        let program = [12u8, 0];
        let chunks = reply(&area(&program), 2, false, ReadRequest::program());
        assert_eq!(chunks.len(), 1);
        assert_eq!(chunks[0].payload, vec![0, 0, 0, 2, 0, 12, 0]);
        let mut asm = Assembler::new(0);
        asm.push(4, &chunks[0].payload).expect("chunk");
        assert_eq!(asm.finish().map(|r| r.data), Ok(program.to_vec()));
    }

    #[test]
    fn gaps_are_reported_and_can_be_read_again() {
        let program: Vec<u8> = vec![7; 200];
        let chunks = reply(&area(&program), 200, false, ReadRequest::program());
        let mut asm = Assembler::new(0);
        for (i, c) in chunks.iter().enumerate() {
            if i != 1 {
                asm.push(c.status as u8, &c.payload).expect("chunk");
            }
        }
        assert!(!asm.is_complete());
        assert_eq!(asm.missing(), Some((55, 55)));
        let again = reply(
            &area(&program),
            200,
            false,
            ReadRequest {
                area: 0,
                offset: 55,
                length: 55,
            },
        );
        assert_eq!(again.len(), 1);
        // A partial re-read carries its own total: a fresh assembler takes it.
        let mut part = Assembler::new(55);
        part.push(4, &again[0].payload).expect("chunk");
        assert_eq!(
            part.finish().map(|r| (r.offset, r.data.len())),
            Ok((55, 55))
        );
        let e = asm.finish().expect_err("incomplete");
        assert_eq!(e.code, ErrorCode::Incomplete);
    }

    #[test]
    fn empty_failed_and_bad_replies() {
        let empty = reply(&area(&[]), 0, false, ReadRequest::program());
        assert_eq!(empty[0].status, Status::Empty);
        let mut asm = Assembler::new(0);
        asm.push(3, &empty[0].payload).expect("empty");
        assert_eq!(asm.finish().map(|r| r.data), Ok(vec![]));

        let out_of_range = ReadRequest {
            area: 0,
            offset: 2000,
            length: 100,
        };
        let failed = reply(&area(&[]), 0, false, out_of_range);
        assert_eq!(failed[0].status, Status::Failure);
        let other_area = reply(
            &area(&[]),
            0,
            false,
            ReadRequest {
                area: 1,
                ..ReadRequest::program()
            },
        );
        assert_eq!(other_area[0].status, Status::Failure);
        let mut asm = Assembler::new(0);
        assert_eq!(
            asm.push(2, &failed[0].payload).map_err(|e| e.code),
            Err(ErrorCode::Failure)
        );
        assert_eq!(
            asm.push(9, &[0; 5]).map_err(|e| e.code),
            Err(ErrorCode::BadChunk)
        );
        assert_eq!(
            asm.push(1, &[0; 3]).map_err(|e| e.code),
            Err(ErrorCode::BadChunk)
        );
        assert!(asm.push(1, &[0, 0, 0, 10, 0, 1, 2]).is_ok());
        assert_eq!(
            asm.push(1, &[0, 0, 0, 11, 0, 1]).map_err(|e| e.code),
            Err(ErrorCode::BadChunk),
            "the total changed"
        );
        assert_eq!(
            asm.push(1, &[0, 9, 0, 10, 0, 1, 2]).map_err(|e| e.code),
            Err(ErrorCode::BadChunk),
            "past the end"
        );
    }
}
