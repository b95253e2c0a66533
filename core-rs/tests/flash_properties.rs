//! Flash plans rebuild the image they came from, for many generated images: the reports of
//! every target carry exactly the image bytes (in order, with the documented padding), and
//! each unit's CRC is the CRC of its bytes as stored.

use gogo_core::flash::{self, Chip, FileKind};

mod common;

use common::Rng;

/// A firmware image of 4 to 40,003 bytes with runs of 0xFF, so blank pages and sectors
/// occur.
fn image(rng: &mut Rng) -> Vec<u8> {
    let len = 4 + rng.below(40_000);
    (0..len)
        .map(|_| if rng.below(4) == 0 { 0xFF } else { rng.byte() })
        .collect()
}

#[test]
fn stm_reports_are_the_image_padded_with_erased_flash() {
    let mut rng = Rng::new(0x5EED_0001);
    for _ in 0..300 {
        let image = image(&mut rng);
        let p = flash::plan(&image, FileKind::Bin, Chip::Stm).expect("plan");
        assert_eq!(&p.reports[..image.len()], &image[..]);
        assert!(p.reports[image.len()..].iter().all(|&b| b == 0xFF));
        assert_eq!(p.reports.len() % 1024, 0);
        for (k, u) in p.units.iter().enumerate() {
            let page = &p.reports[k * 1024..(k + 1) * 1024];
            assert_eq!(u.crc, flash::crc32(page));
            assert_eq!(u.blank, page.iter().all(|&b| b == 0xFF));
        }
        assert_eq!(p.image_crc, flash::crc32(&image));
    }
}

#[test]
fn esp_reports_carry_the_header_then_the_image() {
    let mut rng = Rng::new(0x5EED_0002);
    for _ in 0..300 {
        let image = image(&mut rng);
        let p = flash::plan(&image, FileKind::Bin, Chip::Esp).expect("plan");
        let header = flash::esp_header(image.len());
        assert_eq!(&p.reports[..header.len()], &header[..]);
        let mut rebuilt = Vec::new();
        for u in &p.units {
            let at = u.first_report as usize * 63;
            let skip = if u.first_report == 0 { header.len() } else { 0 };
            rebuilt.extend_from_slice(&p.reports[at + skip..at + skip + u.length as usize]);
            assert_eq!(
                u.crc,
                flash::crc32(&image[u.offset as usize..][..u.length as usize])
            );
        }
        assert_eq!(rebuilt, image);
        // Every data sector but the last is exactly 64 reports.
        for u in &p.units[1..p.units.len().saturating_sub(1).max(1)] {
            assert_eq!(u.report_count, 64);
        }
    }
}

#[test]
fn legacy_reports_rebuild_every_reachable_byte() {
    let mut rng = Rng::new(0x5EED_0003);
    for _ in 0..300 {
        let image = image(&mut rng);
        let p = flash::plan(&image, FileKind::Bin, Chip::Legacy).expect("plan");
        let mut memory = vec![None::<u8>; 0x1_0000];
        let mut pointer = 0usize;
        for r in p.reports.chunks(63) {
            match (r[0], r[1]) {
                (1, 2) => pointer = usize::from(r[2]) << 8 | usize::from(r[3]),
                (1, 3) => {
                    let n = usize::from(r[2]);
                    assert!(n <= 60);
                    for (i, &b) in r[3..3 + n].iter().enumerate() {
                        memory[pointer + i] = Some(b);
                    }
                    pointer += n;
                }
                other => panic!("unexpected report {other:?}"),
            }
        }
        for (a, &b) in image.iter().enumerate() {
            assert_eq!(memory[a], Some(b), "address {a}");
        }
        assert_eq!(p.dropped_bytes, 0);
    }
}
