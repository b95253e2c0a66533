//! Enums whose variants cross to TypeScript as stable strings (error codes, states).
//!
//! `codes!` gives an enum `as_str` and `ALL` (the variants in declaration order, which is
//! also their number where a binary layout numbers them) from one compact table, so the
//! TypeScript mirror (`mirror`) lists every code without a second hand-kept table.

/// `codes!(Name: Variant = "code", …);` gives the enum `Name` its `as_str()` and `ALL`.
/// The match in `as_str` makes the list complete, and a constant check makes its order the
/// declaration order (so `ALL[i] as usize == i` where a layout numbers the variants).
macro_rules! codes {
    ($name:ident: $($variant:ident = $code:literal),+ $(,)?) => {
        impl $name {
            /// Every variant, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The stable code string shared with TypeScript (`src/core/generated/`).
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $code,)+
                }
            }
        }

        const _: () = {
            let mut i = 0;
            while i < $name::ALL.len() {
                assert!($name::ALL[i] as usize == i, "codes! must list the variants in order");
                i += 1;
            }
        };
    };
}

/// Declares a module of numbered constants (`usize` unless a type follows the name) plus
/// `ALL: [(name, number)]` in declaration order.
macro_rules! slot_table {
    (
        $(#[$meta:meta])*
        $vis:vis mod $name:ident { $($body:tt)* }
    ) => {
        slot_table! { $(#[$meta])* $vis mod $name: usize { $($body)* } }
    };
    (
        $(#[$meta:meta])*
        $vis:vis mod $name:ident: $ty:ty {
            $(
                $(#[$cmeta:meta])*
                $konst:ident = $value:expr
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis mod $name {
            $(
                $(#[$cmeta])*
                pub const $konst: $ty = $value;
            )*

            /// Every constant with its name, in declaration order.
            pub const ALL: &[(&str, usize)] = &[$((stringify!($konst), $konst as usize)),*];
        }
    };
}
