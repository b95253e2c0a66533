//! Downsampling datalog columns for charts: per series, over a time window, to a point
//! budget (the chart asks for 4 per pixel of its width).
//!
//! - Min-max: the window is cut into `budget / 4` equal time buckets (pixel columns); each
//!   keeps its first, lowest, highest and last point, so every peak survives.
//! - LTTB (largest triangle three buckets, Steinarsson 2013): equal-count buckets; each
//!   keeps the point that makes the largest triangle with the point kept before it and the
//!   average of the next bucket. Smoother, and shape-faithful. Windows far larger than the
//!   budget get a min-max preselection first (MinMaxLTTB), which keeps the picture and
//!   costs a fraction of the time.
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

/// LTTB over more than 4 × this × the budget points preselects this × the budget points
/// with min-max first (MinMaxLTTB, Van Der Donckt et al. 2023, arXiv:2305.00332).
const MIN_MAX_LTTB_RATIO: usize = 4;

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
/// order): one flat array grouped by series (a counting sort), so building it is two
/// sequential passes. [`SeriesIndex::update`] rebuilds it when records were added.
#[derive(Debug, Clone, Default)]
pub struct SeriesIndex {
    order: Vec<u32>,
    /// Series `s` owns `order[start[s]..start[s + 1]]`.
    start: Vec<usize>,
    indexed: usize,
    /// One series, already in time order: positions are 0..n and `order` stays empty.
    identity: bool,
}

impl SeriesIndex {
    /// Brings the index up to date with the columns (a no-op when nothing was added).
    pub fn update(&mut self, time: &[f64], series: &[u16]) {
        let n = time.len().min(series.len());
        if self.indexed == n && !self.start.is_empty() {
            return;
        }
        let series = &series[..n];
        // One series in time order (the usual single-sensor log): no index needed.
        if n > 0 && series.iter().all(|&s| s == 0) && time[..n].windows(2).all(|w| w[0] <= w[1]) {
            self.identity = true;
            self.order = Vec::new();
            self.start = vec![0, n];
            self.indexed = n;
            return;
        }
        self.identity = false;
        // Counting sort: sizes (a table indexed by u16 needs no bounds checks), then each
        // series' slice of `order`.
        let mut sizes: Box<[u32; 65536]> = match vec![0u32; 65536].into_boxed_slice().try_into() {
            Ok(table) => table,
            Err(_) => return,
        };
        for &s in series {
            sizes[usize::from(s)] += 1;
        }
        let count = sizes
            .iter()
            .rposition(|&c| c > 0)
            .map_or(0, |last| last + 1);
        let mut start = Vec::with_capacity(count + 1);
        start.push(0usize);
        for &c in &sizes[..count] {
            start.push(start[start.len() - 1] + c as usize);
        }
        // Per series: next free slot, last time seen, out of time order.
        let mut state: Vec<(usize, f64, bool)> = start[..count]
            .iter()
            .map(|&at| (at, f64::NEG_INFINITY, false))
            .collect();
        self.order.clear();
        self.order.resize(n, 0);
        for (i, (&s, &t)) in series.iter().zip(time).enumerate() {
            let st = &mut state[usize::from(s)];
            self.order[st.0] = i as u32;
            st.0 += 1;
            st.2 |= t < st.1;
            st.1 = t;
        }
        for (s, &(_, _, unsorted)) in state.iter().enumerate() {
            if unsorted {
                // A board clock set back: order by time (stable, so ties keep arrival order).
                self.order[start[s]..start[s + 1]]
                    .sort_by(|&a, &b| time[a as usize].total_cmp(&time[b as usize]));
            }
        }
        self.start = start;
        self.indexed = n;
    }

    /// Number of series ids seen.
    pub fn series_count(&self) -> usize {
        self.start.len().saturating_sub(1)
    }

    /// Record positions of series `s` in time order (empty for the identity index: use
    /// [`downsample`], which handles both).
    pub fn list(&self, s: u16) -> &[u32] {
        let s = usize::from(s);
        match (self.start.get(s), self.start.get(s + 1)) {
            (Some(&a), Some(&b)) if !self.identity => &self.order[a..b],
            _ => &[],
        }
    }
}

/// Record positions in time order: a slice of the index, or a plain range for a log of
/// one series in order. The algorithms are generic over both.
trait Positions: Copy {
    fn len(self) -> usize;
    fn at(self, k: usize) -> usize;
    fn sub(self, from: usize, to: usize) -> Self;

    /// The first k whose time is not `below` (binary search; positions are in time order).
    fn partition_point(self, below: impl Fn(usize) -> bool) -> usize {
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if below(self.at(mid)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo
    }
}

impl Positions for &[u32] {
    fn len(self) -> usize {
        <[u32]>::len(self)
    }
    fn at(self, k: usize) -> usize {
        self[k] as usize
    }
    fn sub(self, from: usize, to: usize) -> Self {
        &self[from..to]
    }
}

#[derive(Clone, Copy)]
struct Span {
    start: usize,
    end: usize,
}

impl Positions for Span {
    fn len(self) -> usize {
        self.end - self.start
    }
    fn at(self, k: usize) -> usize {
        self.start + k
    }
    fn sub(self, from: usize, to: usize) -> Self {
        Span {
            start: self.start + from,
            end: self.start + to,
        }
    }
}

/// Downsamples every requested series. `index` must be up to date with the columns.
pub fn downsample(time: &[f64], value: &[f32], index: &SeriesIndex, req: &Request) -> Downsampled {
    let ids: Vec<u16> = if req.series.is_empty() {
        (0..index.series_count()).map(|s| s as u16).collect()
    } else {
        req.series.clone()
    };
    let all = Span {
        start: 0,
        end: if index.identity { index.indexed } else { 0 },
    };
    let extent = |s: u16| -> Option<(usize, usize)> {
        if index.identity {
            (s == 0 && all.len() > 0).then(|| (0, all.len() - 1))
        } else {
            let l = index.list(s);
            Some((*l.first()? as usize, *l.last()? as usize))
        }
    };
    // Open window ends become the data's extent over the requested series, so all series
    // share the same buckets (pixel columns).
    let mut t0 = req.t0;
    let mut t1 = req.t1;
    if !t0.is_finite() || !t1.is_finite() {
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for &s in &ids {
            if let Some((a, b)) = extent(s) {
                lo = lo.min(time[a]);
                hi = hi.max(time[b]);
            }
        }
        if !t0.is_finite() {
            t0 = lo;
        }
        if !t1.is_finite() {
            t1 = hi;
        }
    }
    let window = Window { t0, t1, req };
    let mut out = Downsampled::default();
    for &s in &ids {
        let start = out.x.len();
        let in_window = if index.identity {
            let positions = if s == 0 {
                all
            } else {
                Span { start: 0, end: 0 }
            };
            one_series(time, value, positions, &window, &mut out)
        } else {
            one_series(time, value, index.list(s), &window, &mut out)
        };
        out.series.push(SeriesPoints {
            series: s,
            start,
            count: out.x.len() - start,
            in_window,
        });
    }
    out
}

/// The resolved window of a request.
struct Window<'a> {
    t0: f64,
    t1: f64,
    req: &'a Request,
}

/// Downsamples one series into `out`; returns its number of points in the window.
fn one_series<P: Positions>(
    time: &[f64],
    value: &[f32],
    list: P,
    w: &Window<'_>,
    out: &mut Downsampled,
) -> usize {
    let (t0, t1, req) = (w.t0, w.t1, w.req);
    let budget = req.max_points.max(MIN_POINTS);
    let lo = list.partition_point(|i| time[i] < t0);
    let hi = list.partition_point(|i| time[i] <= t1).max(lo);
    let inside = list.sub(lo, hi);
    // The points just outside the window, so lines run to the chart's edges.
    let before = (lo > 0 && req.t0.is_finite()).then(|| list.at(lo - 1) as u32);
    let after = (hi < list.len() && req.t1.is_finite()).then(|| list.at(hi) as u32);
    let inner = budget - usize::from(before.is_some()) - usize::from(after.is_some());
    let mut picked: Vec<u32> = Vec::with_capacity(budget);
    picked.extend(before);
    if inside.len() <= inner {
        picked.extend((0..inside.len()).map(|k| inside.at(k) as u32));
    } else {
        match req.algorithm {
            Algorithm::MinMax => min_max(time, value, inside, t0, t1, inner, &mut picked),
            Algorithm::Lttb if inside.len() > MIN_MAX_LTTB_RATIO * 4 * inner => {
                // MinMaxLTTB: min-max first keeps 4 × the budget (every extreme), then
                // LTTB picks from those. Same picture, a fraction of the work.
                let mut pre = Vec::with_capacity(MIN_MAX_LTTB_RATIO * inner);
                let pre_budget = MIN_MAX_LTTB_RATIO * inner;
                min_max(time, value, inside, t0, t1, pre_budget, &mut pre);
                lttb(time, value, &pre[..], t0, inner, &mut picked);
            }
            Algorithm::Lttb => lttb(time, value, inside, t0, inner, &mut picked),
        }
    }
    picked.extend(after);
    out.x.extend(picked.iter().map(|&i| time[i as usize]));
    out.y.extend(picked.iter().map(|&i| value[i as usize]));
    inside.len()
}

/// The first position in `list[from..]` whose time is not below `limit` (`list` is in
/// time order). Gallops from `from`: bucket ends are close to each other, so this touches
/// a few nearby entries instead of binary-searching the whole list.
fn gallop<P: Positions>(time: &[f64], list: P, from: usize, limit: f64) -> usize {
    let below = |k: usize| time[list.at(k)] < limit;
    if from >= list.len() || !below(from) {
        return from;
    }
    let mut lo = from; // below(lo) holds
    let mut step = 1;
    let hi = loop {
        let probe = lo + step;
        if probe >= list.len() || !below(probe) {
            break probe.min(list.len());
        }
        lo = probe;
        step <<= 1;
    };
    lo + 1 + list.sub(lo + 1, hi).partition_point(|i| time[i] < limit)
}

/// Min-max over `budget / 4` equal time buckets of [t0, t1]; appends record positions.
/// Bucket ends are found by galloping on time, so the scan inside a bucket reads values
/// only.
fn min_max<P: Positions>(
    time: &[f64],
    value: &[f32],
    inside: P,
    t0: f64,
    t1: f64,
    budget: usize,
    out: &mut Vec<u32>,
) {
    let buckets = (budget / 4).max(1);
    let width = (t1 - t0) / buckets as f64;
    let n = inside.len();
    let split = width > 0.0;
    let mut k = 0;
    for b in 0..buckets {
        if k >= n {
            break;
        }
        let end = if b + 1 == buckets || !split {
            n
        } else {
            gallop(time, inside, k, t0 + width * (b + 1) as f64)
        };
        if end == k {
            continue;
        }
        let (mut lo, mut hi) = (f32::INFINITY, f32::NEG_INFINITY);
        let (mut min, mut max) = (usize::MAX, usize::MAX);
        for j in k..end {
            let v = value[inside.at(j)];
            // NaN compares false: a NaN value is never a bucket's min or max.
            if v < lo {
                lo = v;
                min = j;
            }
            if v > hi {
                hi = v;
                max = j;
            }
        }
        let mut keep = [k, min, max, end - 1];
        keep.sort_unstable();
        let mut prev = usize::MAX;
        for p in keep {
            if p != prev && p != usize::MAX {
                out.push(inside.at(p) as u32);
                prev = p;
            }
        }
        k = end;
    }
}

/// LTTB to exactly `budget` points (the caller checked `inside.len() > budget`).
fn lttb<P: Positions>(
    time: &[f64],
    value: &[f32],
    inside: P,
    t0: f64,
    budget: usize,
    out: &mut Vec<u32>,
) {
    let n = inside.len();
    let budget = budget.max(3);
    // x relative to the window start keeps the triangle areas precise.
    let x = |k: usize| time[inside.at(k)] - t0;
    let y = |k: usize| f64::from(value[inside.at(k)]);
    let every = (n - 2) as f64 / (budget - 2) as f64;
    let mut a = 0usize;
    out.push(inside.at(0) as u32);
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
        out.push(inside.at(best) as u32);
        a = best;
    }
    out.push(inside.at(n - 1) as u32);
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
    fn lttb_picks_the_point_that_makes_the_largest_triangle() {
        // Flat with one spike: with 3 points to keep, the middle one must be the spike.
        let time: Vec<f64> = (0..7).map(f64::from).collect();
        let value = [0.0f32, 0.0, 1.0, 10.0, 0.0, 0.5, 0.0];
        let inside: Vec<u32> = (0..7).collect();
        let mut out = Vec::new();
        lttb(&time, &value, &inside[..], 0.0, 3, &mut out);
        assert_eq!(out, [0, 3, 6]);
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
