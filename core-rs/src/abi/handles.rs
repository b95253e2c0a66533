//! One table of live objects behind `u32` handles, for every handle-based export (VMs,
//! datalogs). A handle is its slot's index + 1 in the low 16 bits and the slot's generation
//! in the high 16 bits: 0 is never a handle, and the handle of a freed object stays invalid
//! after its slot is reused (until the generation wraps after 65,535 reuses).

struct Slot<T> {
    generation: u16,
    value: Option<T>,
}

pub struct Handles<T> {
    slots: Vec<Slot<T>>,
    max: usize,
}

impl<T> Handles<T> {
    /// An empty table that holds at most `max` objects (at most 65,535).
    pub const fn new(max: usize) -> Self {
        Handles {
            slots: Vec::new(),
            max,
        }
    }

    fn handle(index: usize, generation: u16) -> u32 {
        (u32::from(generation) << 16) | (index as u32 + 1)
    }

    fn index(&self, handle: u32) -> Option<usize> {
        let index = ((handle & 0xFFFF) as usize).checked_sub(1)?;
        let slot = self.slots.get(index)?;
        let live = slot.value.is_some() && u32::from(slot.generation) == handle >> 16;
        live.then_some(index)
    }

    /// Stores `value`; `None` when the table is full.
    pub fn insert(&mut self, value: T) -> Option<u32> {
        if let Some(i) = self.slots.iter().position(|s| s.value.is_none()) {
            let slot = &mut self.slots[i];
            slot.generation = slot.generation.wrapping_add(1).max(1);
            slot.value = Some(value);
            return Some(Self::handle(i, slot.generation));
        }
        if self.slots.len() >= self.max.min(usize::from(u16::MAX)) {
            return None;
        }
        self.slots.push(Slot {
            generation: 1,
            value: Some(value),
        });
        Some(Self::handle(self.slots.len() - 1, 1))
    }

    pub fn get(&self, handle: u32) -> Option<&T> {
        let i = self.index(handle)?;
        self.slots[i].value.as_ref()
    }

    pub fn get_mut(&mut self, handle: u32) -> Option<&mut T> {
        let i = self.index(handle)?;
        self.slots[i].value.as_mut()
    }

    /// Takes the object out; its handle is invalid from now on.
    pub fn remove(&mut self, handle: u32) -> Option<T> {
        let i = self.index(handle)?;
        self.slots[i].value.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles_are_nonzero_and_die_with_their_object() {
        let mut t = Handles::new(2);
        let a = t.insert("a").unwrap_or(0);
        let b = t.insert("b").unwrap_or(0);
        assert!(a != 0 && b != 0 && a != b);
        assert_eq!(t.insert("c"), None);
        assert_eq!(t.remove(a), Some("a"));
        assert_eq!(t.get(a), None);
        let c = t.insert("c").unwrap_or(0);
        assert_ne!(c, a, "a reused slot gives a new handle");
        assert_eq!(t.get(a), None);
        assert_eq!(t.get(c), Some(&"c"));
        assert_eq!(t.get(0), None);
        assert_eq!(t.get(b | 0x00FF_0000), None);
    }
}
