//! The Logo input filter (spec core §5), applied before every compile.
//!
//! It rejects a `cloud record` or `public cloud record` command whose name argument begins
//! with a digit or holds anything but letters, digits and underscores, with the spec's
//! messages. `cloud record` has no documented syntax; this project reads it as
//!
//! ```text
//! cloud record "name" <value-expression>        public cloud record "name" <value-expression>
//! cloud record "name <value-expression>         (Logo word quote, no closing quote)
//! ```
//!
//! The words are matched in any case with spaces or tabs between them. The argument the
//! filter checks is the quoted name right after `record`: when another `"` follows on the
//! same line, the name is the text between the quotes; otherwise it is the word after the
//! quote, up to the next space, tab or line end. An empty name is also rejected. Commands
//! inside comments (`;` to the end of the line) or inside quoted text are not commands.

use super::{LogoError, LogoErrorCode};
use std::ops::Range;

pub const CLOUD_RECORD_MESSAGE: &str = "There is an invalid input in command \"cloud record\"";
pub const PUBLIC_CLOUD_RECORD_MESSAGE: &str =
    "There is an invalid input in command \"public cloud record\"";

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

fn word_ci(s: &[u8], i: usize, word: &str) -> bool {
    s.len() >= i + word.len() && s[i..i + word.len()].eq_ignore_ascii_case(word.as_bytes())
}

/// Matches `word` then one or more blanks at `i`; returns the index after the blanks.
fn word_then_blanks(s: &[u8], i: usize, word: &str) -> Option<usize> {
    if !word_ci(s, i, word) {
        return None;
    }
    let mut j = i + word.len();
    if j >= s.len() || !is_blank(s[j]) {
        return None;
    }
    while j < s.len() && is_blank(s[j]) {
        j += 1;
    }
    Some(j)
}

/// If `public cloud record` or `cloud record` (any case, blanks between, ending at a word
/// boundary) starts at `i`, returns whether it is the public form and the index after
/// `record`.
pub fn cloud_record_keyword(s: &[u8], i: usize) -> Option<(bool, usize)> {
    let (public, at) = match word_then_blanks(s, i, "public") {
        Some(j) => (true, j),
        None => (false, i),
    };
    let j = word_then_blanks(s, at, "cloud")?;
    if !word_ci(s, j, "record") {
        return None;
    }
    let end = j + "record".len();
    if end < s.len() && is_word_byte(s[end]) {
        return None;
    }
    Some((public, end))
}

/// The quoted name argument after `record` (see the module comment): the byte range of the
/// name and the index just after the argument. `None` when no quote follows.
pub fn cloud_record_argument(s: &[u8], mut i: usize) -> Option<(Range<usize>, usize)> {
    while i < s.len() && is_blank(s[i]) {
        i += 1;
    }
    if i >= s.len() || s[i] != b'"' {
        return None;
    }
    let start = i + 1;
    let line_end = s[start..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(s.len(), |n| start + n);
    if let Some(n) = s[start..line_end].iter().position(|&b| b == b'"') {
        return Some((start..start + n, start + n + 1));
    }
    let stop = s[start..line_end]
        .iter()
        .position(|&b| b.is_ascii_whitespace())
        .map_or(line_end, |n| start + n);
    Some((start..stop, stop))
}

/// A valid cloud name: not empty, no leading digit, only ASCII letters, digits, underscores.
pub fn is_valid_cloud_name(name: &[u8]) -> bool {
    match name.first() {
        None => false,
        Some(b) if b.is_ascii_digit() => false,
        Some(_) => name.iter().all(|&b| is_word_byte(b)),
    }
}

fn invalid(public: bool, line: usize) -> LogoError {
    let message = if public {
        PUBLIC_CLOUD_RECORD_MESSAGE
    } else {
        CLOUD_RECORD_MESSAGE
    };
    LogoError {
        code: LogoErrorCode::InvalidInput,
        message: message.to_string(),
        line,
    }
}

/// Checks `src`; the error names the first offending command and its 1-based line.
pub fn check(src: &str) -> Result<(), LogoError> {
    let s = src.as_bytes();
    let mut line = 1usize;
    let mut i = 0usize;
    while i < s.len() {
        let b = s[i];
        if b == b'\n' {
            line += 1;
            i += 1;
        } else if b == b';' {
            while i < s.len() && s[i] != b'\n' {
                i += 1;
            }
        } else if b == b'"' {
            // Quoted text runs to the next quote on the same line, as the compiler reads it.
            let rest = &s[i + 1..];
            i += match rest.iter().position(|&c| c == b'"' || c == b'\n') {
                Some(n) if rest[n] == b'"' => n + 2,
                _ => 1,
            };
        } else if is_word_byte(b) {
            if let Some((public, after)) = cloud_record_keyword(s, i) {
                match cloud_record_argument(s, after) {
                    Some((name, next)) => {
                        if !is_valid_cloud_name(&s[name]) {
                            return Err(invalid(public, line));
                        }
                        i = next;
                    }
                    None => i = after,
                }
            } else {
                while i < s.len() && is_word_byte(s[i]) {
                    i += 1;
                }
            }
        } else {
            i += 1;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line_of(src: &str) -> Option<(String, usize)> {
        check(src).err().map(|e| {
            assert_eq!(e.code, LogoErrorCode::InvalidInput);
            (e.message, e.line)
        })
    }

    const CR: &str = "There is an invalid input in command \"cloud record\"";
    const PCR: &str = "There is an invalid input in command \"public cloud record\"";

    #[test]
    fn accepts_valid_names_in_both_quote_styles() {
        for src in [
            "to main\ncloud record \"temp\" sensor1\nend\n",
            "to main\ncloud record \"temp sensor1\nend\n",
            "to main\npublic cloud record \"Room_2\" sensor2\nend\n",
            "to main\nCLOUD   Record\t\"_x9\" 5\nend\n",
            "to main\ncloud record \"a\"5\nend\n",
        ] {
            assert_eq!(check(src), Ok(()), "{src}");
        }
    }

    #[test]
    fn rejects_a_name_that_begins_with_a_digit() {
        assert_eq!(
            line_of("to main\ncloud record \"1temp\" sensor1\nend\n"),
            Some((CR.to_string(), 2))
        );
        assert_eq!(
            line_of("to main\nbeep\npublic cloud record \"9 5\nend\n"),
            Some((PCR.to_string(), 3))
        );
    }

    #[test]
    fn rejects_other_characters_with_the_exact_messages() {
        for (src, msg) in [
            ("cloud record \"my temp\" 5", CR),
            ("cloud record \"my-temp\" 5", CR),
            ("cloud record \"temp!\" 5", CR),
            ("cloud record \"ไทย\" 5", CR),
            ("cloud record \"\" 5", CR),
            ("PUBLIC CLOUD RECORD \"a.b 5", PCR),
            ("public cloud record \"x y\" 5", PCR),
        ] {
            assert_eq!(line_of(src), Some((msg.to_string(), 1)), "{src}");
        }
    }

    #[test]
    fn ignores_comments_quoted_text_and_other_words() {
        for src in [
            "; cloud record \"1x\" 5\n",
            "show \"cloud record \"\n",
            "cloudy record \"1x\" 5\n",
            "mycloud record \"1x\" 5\n",
            "cloud recorder \"1x\" 5\n",
            "cloud record temp 5\n",
            "cloud\nrecord \"1x\" 5\n",
        ] {
            assert_eq!(check(src), Ok(()), "{src}");
        }
    }

    #[test]
    fn reports_the_first_bad_command() {
        let src = "cloud record \"ok\" 1\npublic cloud record \"no way\" 2\ncloud record \"2\" 3\n";
        assert_eq!(line_of(src), Some((PCR.to_string(), 2)));
    }

    #[test]
    fn finds_the_argument_in_both_forms() {
        let s = b"cloud record \"ab c\" 5";
        let (_, after) = cloud_record_keyword(s, 0).expect("keyword");
        assert_eq!(cloud_record_argument(s, after), Some((14..18, 19)));
        let s = b"cloud record \"abc 5";
        assert_eq!(cloud_record_argument(s, 12), Some((14..17, 17)));
        assert_eq!(cloud_record_argument(b"cloud record 5", 12), None);
    }
}
