//! Which records a read lacks, found by comparing it with a complete read of the same log.
//!
//! The board protocol reads only the whole log (board-protocol §2.6: no range read), so
//! the host recovers records a read lost by reading the log again. The first read is then a
//! subsequence of the second: every record it holds appears there, in order. Walking both
//! once, greedily, pairs each record of the first read with the earliest equal record of
//! the second; the second read's unpaired records are the missing ones. Where equal records
//! stand next to each other the pairing may pick another of them, which names the same
//! records. Records are equal when their time, series (name and field indexes, not the
//! decoder's ids, which follow the order series first appear) and value bits are equal.

use super::decoder::{Decoder, SeriesKey};

/// Half-open ranges `[start, end)` of `full`'s record indexes that `partial` lacks, in
/// order; `None` when `partial` holds a record `full` does not (the log changed on the
/// board between the two reads).
pub fn missing_ranges(partial: &Decoder, full: &Decoder) -> Option<Vec<(usize, usize)>> {
    let (a, b) = (partial.columns(), full.columns());
    let key =
        |d: &Decoder, id: u16| -> Option<SeriesKey> { d.series().get(usize::from(id)).copied() };
    let mut ranges: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    for j in 0..b.len() {
        let same = i < a.len()
            && a.time[i].to_bits() == b.time[j].to_bits()
            && a.value[i].to_bits() == b.value[j].to_bits()
            && key(partial, a.series[i]) == key(full, b.series[j]);
        if same {
            i += 1;
        } else {
            match ranges.last_mut() {
                Some(last) if last.1 == j => last.1 = j + 1,
                _ => ranges.push((j, j + 1)),
            }
        }
    }
    if i < a.len() {
        None
    } else {
        Some(ranges)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A log of `records` (seconds, name index, value) as a board sends it (sizes, names,
    /// records in packets of 60 bytes), leaving out the records packets listed in `lose`.
    fn stream(records: &[(u32, u16, f32)], lose: &[usize]) -> Vec<u8> {
        let names = "a,b,c,";
        let mut bytes = Vec::new();
        for &(s, i, v) in records {
            bytes.extend(s.to_le_bytes());
            bytes.extend(i.to_le_bytes());
            bytes.extend(v.to_le_bytes());
        }
        let sizes = format!("{}\n{}\n", names.len(), bytes.len()).into_bytes();
        let mut out = Vec::new();
        for (data, end, skip) in [
            (&sizes[..], 4u8, &[][..]),
            (names.as_bytes(), 5, &[][..]),
            (&bytes[..], 6, lose),
        ] {
            let chunks: Vec<&[u8]> = data.chunks(60).collect();
            for (k, c) in chunks.iter().enumerate() {
                if skip.contains(&k) {
                    continue;
                }
                let status = if k + 1 == chunks.len() { end } else { 1 };
                let mut p = vec![20, c.len() as u8, 2, status];
                p.extend_from_slice(c);
                p.resize(64, 0);
                out.extend(p);
            }
        }
        out
    }

    fn decode(stream: &[u8]) -> Decoder {
        let mut d = Decoder::default();
        d.push_packets(stream, 64);
        d.finish();
        d
    }

    fn read(records: &[(u32, u16, f32)], lose: &[usize]) -> Decoder {
        decode(&stream(records, lose))
    }

    fn log(n: u32) -> Vec<(u32, u16, f32)> {
        (0..n)
            .map(|k| (k / 3, (k % 3) as u16, k as f32 * 0.5))
            .collect()
    }

    #[test]
    fn a_complete_read_lacks_nothing() {
        let records = log(100);
        assert_eq!(
            missing_ranges(&read(&records, &[]), &read(&records, &[])),
            Some(vec![])
        );
    }

    #[test]
    fn names_the_records_of_each_lost_packet() {
        // Packets hold 6 records: losing packets 2, 3 and 9 loses records 12..24 and 54..60.
        let records = log(100);
        let partial = read(&records, &[2, 3, 9]);
        assert_eq!(partial.columns().len(), 82);
        assert_eq!(
            missing_ranges(&partial, &read(&records, &[])),
            Some(vec![(12, 24), (54, 60)])
        );
    }

    #[test]
    fn a_read_cut_short_lacks_its_tail() {
        let records = log(100);
        // The sizes and names packets, then ten records packets: the stream stops there.
        let cut = decode(&stream(&records, &[])[..12 * 64]);
        assert_eq!(cut.columns().len(), 60);
        assert_eq!(
            missing_ranges(&cut, &read(&records, &[])),
            Some(vec![(60, 100)])
        );
    }

    #[test]
    fn compares_series_by_name_not_by_the_order_they_appeared() {
        // The first packet (all series a) is lost: the partial read meets series c first,
        // so its series ids differ from the full read's; the records still pair.
        let records: Vec<(u32, u16, f32)> = (0..30)
            .map(|k| (k, if k < 6 { 0 } else { 2 - (k % 2) as u16 }, k as f32))
            .collect();
        let partial = read(&records, &[0]);
        let full = read(&records, &[]);
        assert_ne!(partial.series()[0], full.series()[0]);
        assert_eq!(missing_ranges(&partial, &full), Some(vec![(0, 6)]));
    }

    #[test]
    fn a_log_that_changed_between_reads_is_not_compared() {
        let before = log(60);
        let mut after = log(60);
        after[10].2 = 99.0;
        assert_eq!(
            missing_ranges(&read(&before, &[]), &read(&after, &[])),
            None
        );
    }
}
