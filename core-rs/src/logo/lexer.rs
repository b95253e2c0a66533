//! The second pass's tokens, read the way logoc 1.3's lexer reads them.
//!
//! logoc tries its token rules in a fixed order at each position and takes the first that
//! matches (not the longest). That order explains its quirks, which this lexer keeps:
//! - `and`, `or`, `xor`, `not` match at the start of any word: `order` is `or` + `der`.
//! - `[abcd]+,` (talk to motors), `[abcd]+on?`-style motor reporters, `[abcd]power` and
//!   `n<digits>` (node ids) come before names, so `n1` can never be a variable.
//! - `to` + blanks or newlines + a name is a procedure declaration wherever it appears.
//! - Keywords are lower case only (`REPEAT` is a name, hence a syntax error).
//! - Characters that start no token (`!`, `,`, `?`, a lone `"`, …) are skipped silently.
//! - Line numbers count the newlines between tokens (not those inside a declaration).
//!
//! Problems a token carries (a number above 65535, a call to a procedure with more than six
//! inputs) become `Tok::Bad` and are reported when the parser reaches them, so errors
//! come out in source order.

use super::filter::{cloud_record_argument, cloud_record_keyword};
use super::firstpass::FirstPass;
use super::versions::{Feature, LogoVersion};
use super::{LogoError, LogoErrorCode};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Plus,
    Minus,
    Multiply,
    Divide,
    Modulo,
    Less,
    LessOrEqual,
    Greater,
    GreaterOrEqual,
    Equal,
    And,
    Or,
    Xor,
}

impl BinOp {
    /// The operator as Logo writes it.
    pub fn text(self) -> &'static str {
        match self {
            BinOp::Plus => "+",
            BinOp::Minus => "-",
            BinOp::Multiply => "*",
            BinOp::Divide => "/",
            BinOp::Modulo => "%",
            BinOp::Less => "<",
            BinOp::LessOrEqual => "<=",
            BinOp::Greater => ">",
            BinOp::GreaterOrEqual => ">=",
            BinOp::Equal => "=",
            BinOp::And => "and",
            BinOp::Or => "or",
            BinOp::Xor => "xor",
        }
    }

    /// Precedence level in logoc's table (higher binds tighter).
    pub fn level(self) -> u8 {
        match self {
            BinOp::And | BinOp::Or | BinOp::Xor => 1,
            BinOp::Less
            | BinOp::LessOrEqual
            | BinOp::Greater
            | BinOp::GreaterOrEqual
            | BinOp::Equal => 2,
            BinOp::Plus | BinOp::Minus => 4,
            BinOp::Multiply | BinOp::Divide | BinOp::Modulo => 5,
        }
    }
}

/// Motor-state reporters: `aon?`, `aoff?`, `athisway?`/`acw?`, `athatway?`/`accw?`, `apower`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MotorQuery {
    On,
    Off,
    ThisWay,
    ThatWay,
    Power,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tok {
    /// `to NAME`
    Decl(String),
    /// `:name` (the name without the colon)
    Param(String),
    Number(u32),
    /// Text between double quotes (UTF-8 bytes).
    Str(Vec<u8>),
    Name(String),
    /// A name the first pass knows as a procedure, with its number of inputs.
    Call(String, usize),
    /// A reserved word.
    Word(&'static str),
    Op(BinOp),
    Not,
    LParen,
    RParen,
    LBracket,
    RBracket,
    /// `ab,`: talk to the motors in the mask (a = 1, b = 2, c = 4, d = 8).
    TalkTo(u8),
    MotorState(MotorQuery, u8),
    /// `talkto`
    TalkToNode,
    /// `n5`
    NodeId(u32),
    /// `cloud record` / `public cloud record` with the name argument, if one follows.
    CloudRecord {
        public: bool,
        name: Option<Vec<u8>>,
    },
    /// A token that cannot be compiled; the error is raised when the parser reaches it.
    Bad(Box<LogoError>),
    Eof,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub tok: Tok,
    pub line: usize,
    /// Where the token's text is in the source (byte offsets), for error messages.
    pub start: usize,
    pub end: usize,
}

impl Token {
    /// The token as an error message quotes it.
    pub fn text<'s>(&self, src: &'s str) -> std::borrow::Cow<'s, str> {
        match &self.tok {
            // A declaration may span lines; quote it on one.
            Tok::Decl(name) => std::borrow::Cow::Owned(format!("to {name}")),
            _ => std::borrow::Cow::Borrowed(src.get(self.start..self.end).unwrap_or("")),
        }
    }
}

/// logoc 1.3's reserved words, sorted (looked up by binary search).
pub const RESERVED: &[&str] = &[
    "beep",
    "cameraison",
    "ccw",
    "clearkeys",
    "cleartick",
    "closecamera",
    "closerfid",
    "cls",
    "cw",
    "day",
    "dow",
    "end",
    "erase",
    "erasetracks",
    "forever",
    "getpos",
    "getpower",
    "gototrack",
    "highbyte",
    "hours",
    "i2cread",
    "i2cwrite",
    "if",
    "ifelse",
    "ifstatechange",
    "intkey",
    "ir",
    "isfindingface",
    "isoff",
    "ison",
    "isthatway",
    "isthisway",
    "key",
    "ledoff",
    "ledon",
    "lowbyte",
    "lt",
    "minutes",
    "month",
    "newrecordfile",
    "nexttrack",
    "off",
    "on",
    "onfor",
    "output",
    "play",
    "playsound",
    "prevtrack",
    "random",
    "rd",
    "readrfid",
    "readsensor",
    "readswitch",
    "recall",
    "record",
    "repeat",
    "resetdp",
    "resett",
    "rfidbeep",
    "rt",
    "rtc_init",
    "say",
    "seconds",
    "sendmail",
    "sendmessage",
    "sendsms",
    "sensor1",
    "sensor2",
    "sensor3",
    "sensor4",
    "sensor5",
    "sensor6",
    "sensor7",
    "sensor8",
    "serial",
    "set",
    "setdp",
    "seth",
    "setpos",
    "setpower",
    "settickrate",
    "show",
    "showimage",
    "showlogplot",
    "startfindface",
    "stop",
    "stopall",
    "stopfindface",
    "stopsound",
    "switch1",
    "switch2",
    "switch3",
    "switch4",
    "switch5",
    "switch6",
    "switch7",
    "switch8",
    "takesnapshot",
    "talk_to_7seg_1",
    "talk_to_7seg_2",
    "talk_to_lcd_1",
    "talk_to_lcd_2",
    "talk_to_motor",
    "thatway",
    "thisway",
    "tickcount",
    "timer",
    "usecamera",
    "userfid",
    "usesms",
    "wait",
    "waituntil",
    "writerfid",
    "year",
];

/// The command that sets the board's answer byte (Logo 1.4 and 2.1; not reserved in 1.3).
pub const ANSWER_WORD: &str = "setanswer";

/// Words with a `?` that are single tokens, in logoc's order.
const QUESTION_WORDS: &[&str] = &[
    "newir?",
    "newserial?",
    "facefound?",
    "screentapped?",
    "rfidtagfound?",
    "rfidreaderfound?",
];

/// Motor-state suffixes in logoc's rule order.
const MOTOR_SUFFIXES: &[(&str, MotorQuery)] = &[
    ("on?", MotorQuery::On),
    ("off?", MotorQuery::Off),
    ("thisway?", MotorQuery::ThisWay),
    ("ccw?", MotorQuery::ThatWay),
    ("cw?", MotorQuery::ThisWay),
    ("thatway?", MotorQuery::ThatWay),
];

/// The largest value of a 16-bit number.
pub const MAX_NUMBER: u32 = 65535;
/// The most inputs a procedure call can have (logoc has call tokens for 0 to 6).
pub const MAX_CALL_INPUTS: usize = 6;

fn is_motor(b: u8) -> bool {
    matches!(b, b'a'..=b'd')
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Python's `\s` for the characters a program can hold (ASCII and the common Unicode ones).
fn is_py_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

fn motor_mask(ports: &[u8]) -> u8 {
    ports.iter().fold(0, |m, &p| {
        m | match p {
            b'a' => 1,
            b'b' => 2,
            b'c' => 4,
            _ => 8,
        }
    })
}

pub struct Lexer<'a> {
    src: &'a str,
    s: &'a [u8],
    pos: usize,
    line: usize,
    first: &'a FirstPass,
    version: LogoVersion,
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a str, first: &'a FirstPass, version: LogoVersion) -> Self {
        Lexer {
            src,
            s: src.as_bytes(),
            pos: 0,
            line: 1,
            first,
            version,
        }
    }

    fn rest(&self) -> &'a [u8] {
        &self.s[self.pos..]
    }

    fn starts_with(&self, word: &str) -> bool {
        self.rest().starts_with(word.as_bytes())
    }

    fn token(&mut self, tok: Tok, len: usize) -> Token {
        let start = self.pos;
        self.pos += len;
        Token {
            tok,
            line: self.line,
            start,
            end: self.pos,
        }
    }

    fn bad(&mut self, code: LogoErrorCode, message: String, len: usize) -> Token {
        let line = self.line;
        self.token(
            Tok::Bad(Box::new(LogoError {
                code,
                message,
                line,
            })),
            len,
        )
    }

    fn ident_len(&self, from: usize) -> usize {
        self.s[from..].iter().take_while(|&&b| is_ident(b)).count()
    }

    /// `[abcd]+SUFFIX` with regex backtracking: the longest port run that the suffix follows.
    fn motor_run(&self, suffix: &str) -> Option<usize> {
        let rest = self.rest();
        let run = rest.iter().take_while(|&&b| is_motor(b)).count();
        (1..=run)
            .rev()
            .find(|&k| rest[k..].starts_with(suffix.as_bytes()))
    }

    /// `to`, one or more whitespace characters (newlines included), a name.
    fn declaration(&self) -> Option<(usize, usize)> {
        if !self.starts_with("to") {
            return None;
        }
        let after = &self.src[self.pos + 2..];
        let blanks: usize = after
            .chars()
            .take_while(|&c| is_py_space(c))
            .map(char::len_utf8)
            .sum();
        if blanks == 0 {
            return None;
        }
        let name_at = self.pos + 2 + blanks;
        if name_at >= self.s.len() || !is_ident_start(self.s[name_at]) {
            return None;
        }
        Some((name_at, name_at + self.ident_len(name_at)))
    }

    fn number(&mut self) -> Token {
        let len = self
            .rest()
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let digits = &self.src[self.pos..self.pos + len];
        match digits.parse::<u32>() {
            Ok(n) if n <= MAX_NUMBER => self.token(Tok::Number(n), len),
            _ => {
                let message = format!(
                    "Line {}: The number {} is too big; the largest number is {}",
                    self.line, digits, MAX_NUMBER
                );
                self.bad(LogoErrorCode::NumberRange, message, len)
            }
        }
    }

    fn cloud_record(&mut self, public: bool, keyword_end: usize) -> Token {
        let line = self.line;
        let (name, end) = match cloud_record_argument(self.s, keyword_end) {
            Some((range, end)) => (Some(self.s[range].to_vec()), end),
            None => (None, keyword_end),
        };
        // The argument never spans lines, so the line count stays right.
        let start = self.pos;
        self.pos = end;
        Token {
            tok: Tok::CloudRecord { public, name },
            line,
            start,
            end: keyword_end,
        }
    }

    fn identifier(&mut self) -> Token {
        let len = self.ident_len(self.pos);
        let word = &self.src[self.pos..self.pos + len];
        if let Ok(i) = RESERVED.binary_search(&word) {
            return self.token(Tok::Word(RESERVED[i]), len);
        }
        // `setanswer` is a word only in versions that have it and only when the program
        // defines no procedure of that name (logoc reads a name or a call there).
        if word == ANSWER_WORD
            && self.version.supports(Feature::Answer)
            && !self.first.params.contains_key(word)
        {
            return self.token(Tok::Word(ANSWER_WORD), len);
        }
        if let Some(params) = self.first.params.get(word) {
            let n = params.len();
            if n > MAX_CALL_INPUTS {
                let message = format!(
                    "Line {}: The procedure '{}' has {} inputs; a procedure can have at most {}",
                    self.line, word, n, MAX_CALL_INPUTS
                );
                return self.bad(LogoErrorCode::TooManyInputs, message, len);
            }
            return self.token(Tok::Call(word.to_string(), n), len);
        }
        self.token(Tok::Name(word.to_string()), len)
    }

    /// The next token, or `None` at the end of the text.
    fn next_token(&mut self) -> Option<Token> {
        loop {
            let rest = self.rest();
            let &b = rest.first()?;
            match b {
                b' ' | b'\t' => {
                    self.pos += 1;
                    continue;
                }
                b';' => {
                    self.pos += rest.iter().take_while(|&&c| c != b'\n').count();
                    continue;
                }
                b'+' => return Some(self.token(Tok::Op(BinOp::Plus), 1)),
                b'-' => return Some(self.token(Tok::Op(BinOp::Minus), 1)),
                b'*' => return Some(self.token(Tok::Op(BinOp::Multiply), 1)),
                b'/' => return Some(self.token(Tok::Op(BinOp::Divide), 1)),
                b'%' => return Some(self.token(Tok::Op(BinOp::Modulo), 1)),
                b'>' if rest.get(1) == Some(&b'=') => {
                    return Some(self.token(Tok::Op(BinOp::GreaterOrEqual), 2))
                }
                b'<' if rest.get(1) == Some(&b'=') => {
                    return Some(self.token(Tok::Op(BinOp::LessOrEqual), 2))
                }
                b'<' => return Some(self.token(Tok::Op(BinOp::Less), 1)),
                b'>' => return Some(self.token(Tok::Op(BinOp::Greater), 1)),
                b'=' => return Some(self.token(Tok::Op(BinOp::Equal), 1)),
                _ => {}
            }
            // Each rule below starts with a known byte; testing it first keeps this fast.
            match b {
                b'a' if self.starts_with("and") => return Some(self.token(Tok::Op(BinOp::And), 3)),
                b'o' if self.starts_with("or") => return Some(self.token(Tok::Op(BinOp::Or), 2)),
                b'x' if self.starts_with("xor") => return Some(self.token(Tok::Op(BinOp::Xor), 3)),
                b'n' if self.starts_with("not") => return Some(self.token(Tok::Not, 3)),
                _ => {}
            }
            if b == b':' && rest.len() > 1 && is_ident_start(rest[1]) {
                let len = 1 + self.ident_len(self.pos + 1);
                let name = self.src[self.pos + 1..self.pos + len].to_string();
                return Some(self.token(Tok::Param(name), len));
            }
            if b.is_ascii_digit() {
                return Some(self.number());
            }
            if b == b'\n' {
                self.line += 1;
                self.pos += 1;
                continue;
            }
            if is_motor(b) {
                let run = rest.iter().take_while(|&&c| is_motor(c)).count();
                if rest.get(run) == Some(&b',') {
                    let mask = motor_mask(&rest[..run]);
                    return Some(self.token(Tok::TalkTo(mask), run + 1));
                }
            }
            if b == b't' && self.starts_with("talkto") {
                return Some(self.token(Tok::TalkToNode, 6));
            }
            if is_motor(b) {
                for &(suffix, query) in MOTOR_SUFFIXES {
                    if let Some(k) = self.motor_run(suffix) {
                        let mask = motor_mask(&rest[..k]);
                        return Some(self.token(Tok::MotorState(query, mask), k + suffix.len()));
                    }
                }
                if rest[1..].starts_with(b"power") {
                    let mask = motor_mask(&rest[..1]);
                    return Some(self.token(Tok::MotorState(MotorQuery::Power, mask), 6));
                }
            }
            if b == b'n' && rest.len() > 1 && rest[1].is_ascii_digit() {
                let len = 1 + rest[1..].iter().take_while(|c| c.is_ascii_digit()).count();
                return Some(
                    match self.src[self.pos + 1..self.pos + len].parse::<u32>() {
                        Ok(n) if n <= MAX_NUMBER => self.token(Tok::NodeId(n), len),
                        _ => {
                            let message = format!(
                                "Line {}: The node number {} is too big; the largest is {}",
                                self.line,
                                &self.src[self.pos + 1..self.pos + len],
                                MAX_NUMBER
                            );
                            self.bad(LogoErrorCode::NumberRange, message, len)
                        }
                    },
                );
            }
            if matches!(b, b'n' | b'f' | b's' | b'r') {
                if let Some(&w) = QUESTION_WORDS.iter().find(|w| self.starts_with(w)) {
                    return Some(self.token(Tok::Word(w), w.len()));
                }
            }
            if b != b't' {
                // not a declaration
            } else if let Some((name_at, end)) = self.declaration() {
                let name = self.src[name_at..end].to_string();
                return Some(self.token(Tok::Decl(name), end - self.pos));
            }
            if matches!(b, b'c' | b'C' | b'p' | b'P') {
                if let Some(t) = self.maybe_cloud_record() {
                    return Some(t);
                }
            }
            if b == b'"' {
                if let Some(n) = rest[1..].iter().position(|&c| c == b'"' || c == b'\n') {
                    if rest[1 + n] == b'"' {
                        let text = rest[1..1 + n].to_vec();
                        return Some(self.token(Tok::Str(text), n + 2));
                    }
                }
                self.pos += 1;
                continue;
            }
            if is_ident_start(b) {
                return Some(self.identifier());
            }
            match b {
                b'(' => return Some(self.token(Tok::LParen, 1)),
                b')' => return Some(self.token(Tok::RParen, 1)),
                b'[' => return Some(self.token(Tok::LBracket, 1)),
                b']' => return Some(self.token(Tok::RBracket, 1)),
                _ => {}
            }
            // Not a token: skip one character.
            let c = self.src[self.pos..]
                .chars()
                .next()
                .map_or(1, char::len_utf8);
            self.pos += c;
        }
    }

    /// `cloud record` in versions that have it. In the others it is an error only when
    /// neither word is a procedure the program defines (logoc would read a call there).
    fn maybe_cloud_record(&mut self) -> Option<Token> {
        let (public, end) = cloud_record_keyword(self.s, self.pos)?;
        if self.version.supports(Feature::CloudRecord) {
            return Some(self.cloud_record(public, end));
        }
        let words: Vec<&str> = self.src[self.pos..end].split_whitespace().collect();
        if words.iter().any(|w| self.first.params.contains_key(*w)) {
            return None;
        }
        let command = if public {
            "public cloud record"
        } else {
            "cloud record"
        };
        let message = format!(
            "Line {}: '{}' is not available in Logo {}",
            self.line,
            command,
            self.version.as_str()
        );
        let len = end - self.pos;
        Some(self.bad(LogoErrorCode::Unsupported, message, len))
    }

    /// Every token, ending with `Eof`.
    pub fn tokens(mut self) -> Vec<Token> {
        let mut out = Vec::new();
        while let Some(t) = self.next_token() {
            out.push(t);
        }
        out.push(Token {
            tok: Tok::Eof,
            line: self.line,
            start: self.s.len(),
            end: self.s.len(),
        });
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(src: &str) -> Vec<Tok> {
        let fp = super::super::firstpass::scan(src);
        Lexer::new(src, &fp, LogoVersion::V1_3)
            .tokens()
            .into_iter()
            .map(|t| t.tok)
            .collect()
    }

    #[test]
    fn reserved_words_are_sorted_for_binary_search() {
        assert!(RESERVED.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(RESERVED.len(), 114);
    }

    #[test]
    fn splits_operator_prefixes_off_words_like_logoc() {
        assert_eq!(
            toks("order android notes xand"),
            vec![
                Tok::Op(BinOp::Or),
                Tok::Name("der".into()),
                Tok::Op(BinOp::And),
                Tok::Name("roid".into()),
                Tok::Not,
                Tok::Name("es".into()),
                Tok::Name("xand".into()),
                Tok::Eof
            ]
        );
    }

    #[test]
    fn reads_motor_tokens_with_backtracking() {
        assert_eq!(
            toks("ab, ccw? cccw? acw? apower abpower bon? doff?"),
            vec![
                Tok::TalkTo(3),
                Tok::MotorState(MotorQuery::ThisWay, 4),
                Tok::MotorState(MotorQuery::ThatWay, 4),
                Tok::MotorState(MotorQuery::ThisWay, 1),
                Tok::MotorState(MotorQuery::Power, 1),
                Tok::Name("abpower".into()),
                Tok::MotorState(MotorQuery::On, 2),
                Tok::MotorState(MotorQuery::Off, 8),
                Tok::Eof
            ]
        );
    }

    #[test]
    fn reads_node_ids_numbers_strings_and_skips_stray_characters() {
        assert_eq!(
            toks("n5 n12x 007 \"a b\" ! , ? \" x"),
            vec![
                Tok::NodeId(5),
                Tok::NodeId(12),
                Tok::Name("x".into()),
                Tok::Number(7),
                Tok::Str(b"a b".to_vec()),
                Tok::Name("x".into()),
                Tok::Eof
            ]
        );
    }

    #[test]
    fn a_number_above_65535_is_a_bad_token() {
        match &toks("70000")[0] {
            Tok::Bad(e) => assert_eq!(e.code, LogoErrorCode::NumberRange),
            t => panic!("{t:?}"),
        }
    }

    #[test]
    fn keywords_are_lower_case_and_declarations_span_newlines() {
        let fp = FirstPass::default();
        let t = Lexer::new("REPEAT to\n main end", &fp, LogoVersion::V1_3).tokens();
        assert_eq!(t[0].tok, Tok::Name("REPEAT".into()));
        assert_eq!(t[1].tok, Tok::Decl("main".into()));
        assert_eq!(t[2].tok, Tok::Word("end"));
        // logoc does not count the newline inside the declaration.
        assert_eq!(t[2].line, 1);
    }

    #[test]
    fn procedure_names_become_calls_with_their_arity() {
        let src = "to main\nadd 1 2\nend\nto add :a :b\noutput a + b\nend\n";
        assert!(toks(src).contains(&Tok::Call("add".into(), 2)));
    }

    #[test]
    fn cloud_record_is_one_token_from_1_4() {
        let src = "cloud record \"t\" 5";
        let fp = FirstPass::default();
        let t = Lexer::new(src, &fp, LogoVersion::V1_4).tokens();
        assert_eq!(
            t[0].tok,
            Tok::CloudRecord {
                public: false,
                name: Some(b"t".to_vec())
            }
        );
        assert_eq!(t[1].tok, Tok::Number(5));
        match &Lexer::new(src, &fp, LogoVersion::V1_3).tokens()[0].tok {
            Tok::Bad(e) => assert_eq!(e.code, LogoErrorCode::Unsupported),
            t => panic!("{t:?}"),
        }
    }
}
