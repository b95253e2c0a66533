//! Downsampling datalog columns for charts: per series, over a time window, to a point
//! budget (the chart asks for 4 per pixel of its width).
//!
//! - Min-max: the window is cut into `budget / 4` equal time buckets (pixel columns); each
//!   keeps its first, lowest, highest and last point, so every peak survives.
//! - LTTB (largest triangle three buckets, Steinarsson 2013): equal-count buckets; each
//!   keeps the point that makes the largest triangle with the point kept before it and the
//!   average of the next bucket. Smoother, and shape-faithful.
//!
//! Both run on a [`SeriesIndex`], built once per log (and extended as records arrive):
//! for each series, the record positions in time order. A zoom then costs two binary
//! searches and one pass over the points inside the window, whatever the log's size.

/// Which downsampling to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Algorithm {
    MinMax,
    Lttb,
}

/// The smallest point budget a request may ask for.
pub const MIN_POINTS: usize = 8;

#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// Window start and end in ms; a non-finite bound means "from the first point" / "to
    /// the last point".
    pub t0: f64,
    pub t1: f64,
    /// Most points per series (at least [`MIN_POINTS`]), the two points just outside the
    /// window included.
    pub max_points: usize,
    pub algorithm: Algorithm,
    /// The series to downsample, in output order; empty means all.
    pub series: Vec<u16>,
}

/// Where one series' points sit in [`Downsampled::x`] / [`Downsampled::y`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeriesPoints {
    pub series: u16,
    pub start: usize,
    pub count: usize,
    /// Points of the series inside the window before downsampling.
    pub in_window: usize,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Downsampled {
    pub x: Vec<f64>,
    pub y: Vec<f32>,
    pub series: Vec<SeriesPoints>,
}

/// For each series id, the positions of its records, sorted by time (ties keep arrival
/// order). Extend it with [`SeriesIndex::update`] whenever records were added.
#[derive(Debug, Clone, Default)]
pub struct SeriesIndex {
    lists: Vec<Vec<u32>>,
    unsorted: Vec<bool>,
    indexed: usize,
}

impl SeriesIndex {
    /// Indexes the records added since the last call.
    pub fn update(&mut self, time: &[f64], series: &[u16]) {
        let n = time.len().min(series.len());
        if self.indexed >= n {
            return;
        }
        let new = &series[self.indexed..n];
        // Count first, so each list grows once.
        let mut counts: Vec<u32> = vec![0; self.lists.len()];
        for &s in new {
            let s = usize::from(s);
            if s >= counts.len() {
                counts.resize(s + 1, 0);
            }
            counts[s] += 1;
        }
        if counts.len() > self.lists.len() {
            self.lists.resize_with(counts.len(), Vec::new);
            self.unsorted.resize(counts.len(), false);
        }
        for (list, &c) in self.lists.iter_mut().zip(&counts) {
            list.reserve(c as usize);
        }
        for (i, &s) in new.iter().enumerate() {
            let i = self.indexed + i;
            let s = usize::from(s);
            let list = &mut self.lists[s];
            if let Some(&last) = list.last() {
                if time[last as usize] > time[i] {
                    self.unsorted[s] = true;
                }
            }
            list.push(i as u32);
        }
        self.indexed = n;
        for (list, unsorted) in self.lists.iter_mut().zip(self.unsorted.iter_mut()) {
            if *unsorted {
                // A board clock set back: order by time (stable, so ties keep arrival order).
                list.sort_by(|&a, &b| time[a as usize].total_cmp(&time[b as usize]));
                *unsorted = false;
            }
        }
    }

    /// Number of series ids seen.
    pub fn series_count(&self) -> usize {
        self.lists.len()
    }

    /// Record positions of series `s` in time order.
    pub fn list(&self, s: u16) -> &[u32] {
        self.lists.get(usize::from(s)).map_or(&[], |l| &l[..])
    }
}

/// Downsamples every requested series. `index` must be up to date with the columns.
pub fn downsample(time: &[f64], value: &[f32], index: &SeriesIndex, req: &Request) -> Downsampled {
    let ids: Vec<u16> = if req.series.is_empty() {
        (0..index.series_count()).map(|s| s as u16).collect()
    } else {
        req.series.clone()
    };
    // Open window ends become the data's extent over the requested series, so all series
    // share the same buckets (pixel columns).
    let mut t0 = req.t0;
    let mut t1 = req.t1;
    if !t0.is_finite() || !t1.is_finite() {
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for &s in &ids {
            let l = index.list(s);
            if let (Some(&a), Some(&b)) = (l.first(), l.last()) {
                lo = lo.min(time[a as usize]);
                hi = hi.max(time[b as usize]);
            }
        }
        if !t0.is_finite() {
            t0 = lo;
        }
        if !t1.is_finite() {
            t1 = hi;
        }
    }
    let budget = req.max_points.max(MIN_POINTS);
    let mut out = Downsampled::default();
    let mut picked: Vec<u32> = Vec::with_capacity(budget);
    for &s in &ids {
        picked.clear();
        let list = index.list(s);
        let lo = list.partition_point(|&i| time[i as usize] < t0);
        let hi = list.partition_point(|&i| time[i as usize] <= t1).max(lo);
        let inside = &list[lo..hi];
        // The points just outside the window, so lines run to the chart's edges.
        let before = if lo > 0 && req.t0.is_finite() {
            Some(list[lo - 1])
        } else {
            None
        };
        let after = if hi < list.len() && req.t1.is_finite() {
            list.get(hi).copied()
        } else {
            None
        };
        let inner = budget - usize::from(before.is_some()) - usize::from(after.is_some());
        picked.extend(before);
        if inside.len() <= inner {
            picked.extend_from_slice(inside);
        } else {
            match req.algorithm {
                Algorithm::MinMax => min_max(time, value, inside, t0, t1, inner, &mut picked),
                Algorithm::Lttb => lttb(time, value, inside, t0, inner, &mut picked),
            }
        }
        picked.extend(after);
        let start = out.x.len();
        out.x.extend(picked.iter().map(|&i| time[i as usize]));
        out.y.extend(picked.iter().map(|&i| value[i as usize]));
        out.series.push(SeriesPoints {
            series: s,
            start,
            count: picked.len(),
            in_window: inside.len(),
        });
    }
    out
}

/// Min-max over `budget / 4` equal time buckets of [t0, t1]; appends record positions.
fn min_max(
    time: &[f64],
    value: &[f32],
    inside: &[u32],
    t0: f64,
    t1: f64,
    budget: usize,
    out: &mut Vec<u32>,
) {
    let buckets = (budget / 4).max(1);
    let width = (t1 - t0) / buckets as f64;
    let scale = if width > 0.0 && width.is_finite() {
        1.0 / width
    } else {
        0.0
    };
    // Positions (in `inside`) of the current bucket's first, min, max and last points.
    let mut current = usize::MAX;
    let (mut first, mut min, mut max, mut last) = (0usize, usize::MAX, usize::MAX, 0usize);
    let (mut lo, mut hi) = (f32::INFINITY, f32::NEG_INFINITY);
    let flush = |first: usize, min: usize, max: usize, last: usize, out: &mut Vec<u32>| {
        let mut keep = [first, min, max, last];
        keep.sort_unstable();
        let mut prev = usize::MAX;
        for k in keep {
            if k != prev && k != usize::MAX {
                out.push(inside[k]);
                prev = k;
            }
        }
    };
    for (k, &i) in inside.iter().enumerate() {
        let i = i as usize;
        let b = (((time[i] - t0) * scale) as usize).min(buckets - 1);
        if b != current {
            if current != usize::MAX {
                flush(first, min, max, last, out);
            }
            current = b;
            first = k;
            min = usize::MAX;
            max = usize::MAX;
            lo = f32::INFINITY;
            hi = f32::NEG_INFINITY;
        }
        last = k;
        let v = value[i];
        // NaN compares false: a NaN value is never a bucket's min or max.
        if v < lo {
            lo = v;
            min = k;
        }
        if v > hi {
            hi = v;
            max = k;
        }
    }
    if current != usize::MAX {
        flush(first, min, max, last, out);
    }
}

/// LTTB to exactly `budget` points (the caller checked `inside.len() > budget`).
fn lttb(time: &[f64], value: &[f32], inside: &[u32], t0: f64, budget: usize, out: &mut Vec<u32>) {
    let n = inside.len();
    let budget = budget.max(3);
    // x relative to the window start keeps the triangle areas precise.
    let x = |k: usize| time[inside[k] as usize] - t0;
    let y = |k: usize| f64::from(value[inside[k] as usize]);
    let every = (n - 2) as f64 / (budget - 2) as f64;
    let mut a = 0usize;
    out.push(inside[0]);
    for b in 0..budget - 2 {
        // Average of the next bucket (the last point for the last bucket).
        let next_from = ((b + 1) as f64 * every) as usize + 1;
        let next_to = (((b + 2) as f64 * every) as usize + 1).min(n);
        let (mut sx, mut sy, mut m) = (0.0f64, 0.0f64, 0usize);
        for k in next_from..next_to.max(next_from + 1).min(n) {
            let yk = y(k);
            if !yk.is_nan() {
                sx += x(k);
                sy += yk;
                m += 1;
            }
        }
        let (cx, cy) = if m > 0 {
            (sx / m as f64, sy / m as f64)
        } else {
            (x(n - 1), y(n - 1))
        };
        let from = (b as f64 * every) as usize + 1;
        let to = (((b + 1) as f64 * every) as usize + 1).min(n - 1);
        let (ax, ay) = (x(a), y(a));
        let mut best = from;
        let mut best_area = -1.0f64;
        for k in from..to.max(from + 1) {
            let area = ((ax - cx) * (y(k) - ay) - (ax - x(k)) * (cy - ay)).abs();
            if area > best_area {
                best_area = area;
                best = k;
            }
        }
        out.push(inside[best]);
        a = best;
    }
    out.push(inside[n - 1]);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn series_of(n: usize, f: impl Fn(usize) -> f32) -> (Vec<f64>, Vec<u16>, Vec<f32>) {
        let time = (0..n).map(|i| i as f64 * 1000.0).collect();
        let series = vec![0u16; n];
        let value = (0..n).map(f).collect();
        (time, series, value)
    }

    fn request(max_points: usize, algorithm: Algorithm) -> Request {
        Request {
            t0: f64::NEG_INFINITY,
            t1: f64::INFINITY,
            max_points,
            algorithm,
            series: Vec::new(),
        }
    }

    #[test]
    fn min_max_keeps_a_single_spike() {
        let (t, s, mut v) = series_of(100_000, |i| (i % 7) as f32);
        v[54_321] = 1000.0;
        let mut index = SeriesIndex::default();
        index.update(&t, &s);
        let d = downsample(&t, &v, &index, &request(400, Algorithm::MinMax));
        assert!(d.x.len() <= 400, "{}", d.x.len());
        assert!(d.y.contains(&1000.0));
        assert_eq!(d.x.first(), Some(&0.0));
        assert_eq!(d.x.last(), Some(&99_999_000.0));
        assert!(d.x.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn lttb_returns_the_budget_with_both_ends() {
        let (t, s, v) = series_of(10_000, |i| (i as f32 / 100.0).sin());
        let mut index = SeriesIndex::default();
        index.update(&t, &s);
        let d = downsample(&t, &v, &index, &request(500, Algorithm::Lttb));
        assert_eq!(d.x.len(), 500);
        assert_eq!(d.x[0], 0.0);
        assert_eq!(d.x[499], 9_999_000.0);
        assert!(d.x.windows(2).all(|w| w[0] < w[1]));
    }
}
