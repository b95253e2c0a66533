//! Offline datalog: the board's log read over HID (category 20, command 2), decoded into
//! columns, and downsampled for charts.
//!
//! - [`decoder`]: a streaming reassembler fed with type-20 packets. It collects the three
//!   sections (file sizes, name table, records) and decodes records as they arrive into
//!   columnar arrays: time (f64 milliseconds), series id (u16) and value (f32).
//! - [`compare`]: which records a read lacks, against a complete read of the same log.
//! - [`downsample`]: per-series min-max and LTTB over a time window, to a point budget
//!   (4 per pixel of the chart width), on those columns.
//!
//! Time is f64 milliseconds because both record formats fit it exactly: the 10-byte format
//! stores u32 seconds (× 1000), the older 16-byte one u64 milliseconds (exact below 2^53,
//! i.e. for 285,000 years), and it is what JavaScript dates and chart time axes use, so
//! the UI never converts a million values.

pub mod compare;
pub mod decoder;
pub mod downsample;

pub use compare::missing_ranges;
pub use decoder::{Columns, DatalogError, DatalogErrorCode, Decoder, Phase, RecordFormat};
pub use downsample::{downsample, Algorithm, Downsampled, Request, SeriesIndex};
