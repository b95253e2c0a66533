//! Enums whose variants cross to TypeScript as stable strings (error codes, states).
//!
//! `code_enum!` declares the enum, `as_str` and `ALL` (the variants in declaration order,
//! which is also their number where a binary layout numbers them), so the TypeScript mirror
//! (`mirror`) lists every code without a second hand-kept table.

/// Declares `enum Name { Variant = "code", … }` with `as_str()` and `ALL`.
macro_rules! code_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $(
                $(#[$vmeta:meta])*
                $variant:ident = $code:literal
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        $vis enum $name {
            $(
                $(#[$vmeta])*
                $variant,
            )*
        }

        impl $name {
            /// Every variant, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),*];

            /// The stable code string shared with TypeScript (`src/core/generated/`).
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $code,)*
                }
            }
        }
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
