//! Minimal JSON writing for results that cross the ABI as text (no serde: no dependencies).

/// Appends `s` to `out` as a JSON string literal, quotes included.
pub fn push_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A JSON error object `{"code":..,"message":..,"line":..}`; `line` is omitted when zero.
pub fn error_object(code: &str, message: &str, line: usize) -> String {
    let mut out = String::with_capacity(message.len() + 48);
    out.push_str("{\"code\":");
    push_str(&mut out, code);
    out.push_str(",\"message\":");
    push_str(&mut out, message);
    if line > 0 {
        out.push_str(",\"line\":");
        out.push_str(&line.to_string());
    }
    out.push('}');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_quotes_controls_and_unicode() {
        let mut s = String::new();
        push_str(&mut s, "a\"b\\c\nd\u{1}ไทย");
        assert_eq!(s, "\"a\\\"b\\\\c\\nd\\u0001ไทย\"");
    }

    #[test]
    fn error_object_omits_zero_line() {
        assert_eq!(
            error_object("x", "m", 0),
            "{\"code\":\"x\",\"message\":\"m\"}"
        );
        assert_eq!(
            error_object("x", "m", 3),
            "{\"code\":\"x\",\"message\":\"m\",\"line\":3}"
        );
    }
}
