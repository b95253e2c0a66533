//! The first pass: find the procedures, their names and parameter names, before parsing.
//!
//! It follows logoc 1.3 exactly, because its answers decide how the second pass reads the
//! program (which names are calls and with how many inputs, which names are parameters):
//! - A procedure is the text from a line `to NAME …` (leading spaces or tabs, `to` in any
//!   case, then at least one space or tab) to the first later line holding only `end` (any
//!   case, spaces or tabs around it). `end ; comment` does not close a procedure here.
//! - The name and the parameters are the words of the `to` line split at spaces and tabs:
//!   the first word is the name, every other word (comments included) is a parameter after
//!   dropping leading `"` and `:`. So `to blink ; flash it` declares three inputs.
//! - Names without any letter or underscore are skipped; `autoRunState` is true when the
//!   first procedure found is called `autorun` (any case).

use std::collections::HashMap;

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct FirstPass {
    /// Parameter names by procedure name (a later definition replaces an earlier one).
    pub params: HashMap<String, Vec<String>>,
    /// Procedure names in source order (duplicates kept).
    pub ordered: Vec<String>,
    pub auto_run: bool,
    /// Each procedure's parameter names to their first index in `params`, so looking a name
    /// up costs the same however many inputs the `to` line declares.
    pub slots: HashMap<String, HashMap<String, usize>>,
}

impl FirstPass {
    /// The index of parameter `name` of `procedure` (its first occurrence), if it is one.
    pub fn slot(&self, procedure: &str, name: &str) -> Option<usize> {
        self.slots.get(procedure)?.get(name).copied()
    }
}

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

fn skip_blanks(s: &[u8], mut i: usize) -> usize {
    while i < s.len() && is_blank(s[i]) {
        i += 1;
    }
    i
}

/// Whether `s[i..]` starts with `word` in any ASCII case.
fn starts_with_ci(s: &[u8], i: usize, word: &str) -> bool {
    s.len() >= i + word.len() && s[i..i + word.len()].eq_ignore_ascii_case(word.as_bytes())
}

/// If the line starting at `i` is `[ \t]*end[ \t]*`, the index just past it (before its
/// newline or at the end of the text).
fn end_line(s: &[u8], i: usize) -> Option<usize> {
    let j = skip_blanks(s, i);
    if !starts_with_ci(s, j, "end") {
        return None;
    }
    let k = skip_blanks(s, j + 3);
    if k == s.len() || s[k] == b'\n' {
        Some(k)
    } else {
        None
    }
}

/// The text of each procedure after `to` and its blanks, up to the start of its `end` line.
///
/// Linear in the text: a search for an `end` line that reached the end of the text proves
/// there is none after its start, so later `to` lines (always further on) do not search
/// again. Without that, a program of `to` lines and no `end` costs a scan per line.
fn procedure_texts(src: &str) -> Vec<&str> {
    let s = src.as_bytes();
    let mut out = Vec::new();
    let mut line = 0usize; // start of the current line
                           // Start of a search that found no `end` line: none exists at or after it.
    let mut no_end_from = usize::MAX;
    while line <= s.len() {
        let mut next_line = match s[line..].iter().position(|&b| b == b'\n') {
            Some(n) => line + n + 1,
            None => s.len() + 1,
        };
        let i = skip_blanks(s, line);
        if starts_with_ci(s, i, "to") && i + 2 < s.len() && is_blank(s[i + 2]) {
            let body = skip_blanks(s, i + 2);
            // The first line start after `body` whose line is an `end` line.
            let mut q = next_line;
            let mut found = None;
            if q >= no_end_from {
                q = s.len() + 1;
            }
            let from = q;
            while q <= s.len() {
                if let Some(stop) = end_line(s, q) {
                    found = Some((q, stop));
                    break;
                }
                q = match s[q..].iter().position(|&b| b == b'\n') {
                    Some(n) => q + n + 1,
                    None => s.len() + 1,
                };
            }
            match found {
                Some((start_of_end, stop)) => {
                    out.push(&src[body..start_of_end]);
                    // Matching resumes after the `end` line.
                    next_line = stop + 1;
                }
                None => no_end_from = no_end_from.min(from),
            }
        }
        line = next_line;
    }
    out
}

pub fn scan(src: &str) -> FirstPass {
    let mut fp = FirstPass::default();
    let mut first = true;
    for text in procedure_texts(src) {
        // Every procedure text contains the newline that ends its `to` line.
        let first_line = text.split('\n').next().unwrap_or("");
        let mut words: Vec<&str> = first_line
            .split([' ', '\t'])
            .filter(|w| !w.is_empty())
            .collect();
        if words.is_empty() {
            words.push("");
        }
        let name = words[0];
        if first && name.eq_ignore_ascii_case("autorun") {
            fp.auto_run = true;
        }
        first = false;
        if !name.bytes().any(|b| b.is_ascii_alphabetic() || b == b'_') {
            continue;
        }
        let params = words[1..]
            .iter()
            .map(|w| w.trim_start_matches(['"', ':']).to_string())
            .collect();
        fp.params.insert(name.to_string(), params);
        fp.ordered.push(name.to_string());
    }
    for (name, params) in &fp.params {
        let mut slots = HashMap::with_capacity(params.len());
        for (k, p) in params.iter().enumerate() {
            slots.entry(p.clone()).or_insert(k);
        }
        fp.slots.insert(name.clone(), slots);
    }
    fp
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(fp: &FirstPass) -> Vec<&str> {
        fp.ordered.iter().map(|s| s.as_str()).collect()
    }

    #[test]
    fn finds_procedures_names_and_parameters() {
        let fp = scan("to main\nshow add 3 4\nend\n\nto add :a :b\noutput a + b\nend\n");
        assert_eq!(names(&fp), vec!["main", "add"]);
        assert_eq!(fp.params["add"], vec!["a", "b"]);
        assert!(fp.params["main"].is_empty());
        assert!(!fp.auto_run);
    }

    #[test]
    fn counts_words_after_the_name_as_parameters_like_logoc() {
        let fp = scan("to main ; comment here\nbeep\nend\n");
        assert_eq!(fp.params["main"], vec![";", "comment", "here"]);
    }

    #[test]
    fn autorun_counts_only_for_the_first_procedure() {
        assert!(scan("TO AutoRun\nbeep\nEND\n").auto_run);
        assert!(!scan("to main\nbeep\nend\nto autorun\nbeep\nend\n").auto_run);
    }

    #[test]
    fn an_end_line_with_a_comment_does_not_close_a_procedure() {
        let fp = scan("to main\nbeep\nend ; main\nto foo\nbeep\nend\n");
        assert_eq!(names(&fp), vec!["main"]);
    }

    #[test]
    fn needs_a_blank_after_to_and_a_line_start() {
        assert!(scan("tomain\nbeep\nend\n").ordered.is_empty());
        assert!(scan("x to main\nbeep\nend\n").ordered.is_empty());
        assert_eq!(names(&scan("  to\tmain\nbeep\n  end  ")), vec!["main"]);
    }

    #[test]
    fn skips_names_without_letters_but_they_still_count_as_first() {
        let fp = scan("to 123\nbeep\nend\nto autorun\nend\n");
        assert_eq!(names(&fp), vec!["autorun"]);
        assert!(!fp.auto_run);
    }

    #[test]
    fn to_lines_without_an_end_after_them_declare_nothing() {
        let fp = scan("to main\nbeep\nend\nto a\nto b :x\nend ; no\nto c\n");
        assert_eq!(names(&fp), vec!["main"]);
        assert_eq!(fp.slot("main", "x"), None);
    }

    #[test]
    fn parameter_slots_are_first_occurrences() {
        let fp = scan("to main\nend\nto f :a :b :a\nend\n");
        assert_eq!(fp.slot("f", "a"), Some(0));
        assert_eq!(fp.slot("f", "b"), Some(1));
        assert_eq!(fp.slot("f", "c"), None);
    }

    #[test]
    fn an_empty_to_line_gives_an_empty_skipped_name() {
        let fp = scan("to \nmain\nend\n");
        assert!(fp.ordered.is_empty());
    }
}
