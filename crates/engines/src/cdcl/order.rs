//! The decision order: which unassigned variable the search decides next. Each variable has an
//! activity, raised whenever it takes part in a conflict's analysis and decaying over time (by
//! raising the increment instead), so the search keeps to where the recent conflicts were
//! (VSIDS). A binary max-heap keeps the most active variable on top.

/// Activities above this are scaled down, all together, before they overflow.
const RESCALE_ABOVE: f64 = 1e100;

/// Variables by activity, most active first; ties go to the lower variable number.
pub(super) struct Order {
    /// The activity of each variable.
    activity: Vec<f64>,
    /// The variables in the heap, as a binary max-heap.
    heap: Vec<u32>,
    /// Where each variable is in `heap`, or `ABSENT`.
    position: Vec<u32>,
    /// What one bump adds; grows by `1 / decay` at each conflict.
    increment: f64,
}

/// `position` of a variable not in the heap.
const ABSENT: u32 = u32::MAX;

impl Order {
    /// An empty order; [`Order::reset`] fills it.
    pub(super) fn new() -> Self {
        Order { activity: Vec::new(), heap: Vec::new(), position: Vec::new(), increment: 1.0 }
    }

    /// Every one of `variables` in the heap, with activity 0.
    pub(super) fn reset(&mut self, variables: usize) {
        self.activity.clear();
        self.activity.resize(variables, 0.0);
        self.heap.clear();
        self.heap.extend(0..variables as u32);
        self.position.clear();
        self.position.extend(0..variables as u32);
        self.increment = 1.0;
    }

    /// Whether variable `a` goes before variable `b`.
    #[inline]
    fn before(&self, a: u32, b: u32) -> bool {
        let (x, y) = (self.activity[a as usize], self.activity[b as usize]);
        x > y || (x == y && a < b)
    }

    /// Puts `var` back in the heap, if it is not there.
    #[inline]
    pub(super) fn insert(&mut self, var: usize) {
        if self.position[var] == ABSENT {
            self.position[var] = self.heap.len() as u32;
            self.heap.push(var as u32);
            self.sift_up(self.heap.len() - 1);
        }
    }

    /// Takes the most active variable out of the heap.
    pub(super) fn pop(&mut self) -> Option<usize> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().expect("the heap is not empty");
        self.position[top as usize] = ABSENT;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.position[last as usize] = 0;
            self.sift_down(0);
        }
        Some(top as usize)
    }

    /// Raises the activity of `var` by the current increment.
    pub(super) fn bump(&mut self, var: usize) {
        self.activity[var] += self.increment;
        if self.activity[var] > RESCALE_ABOVE {
            for activity in &mut self.activity {
                *activity /= RESCALE_ABOVE;
            }
            self.increment /= RESCALE_ABOVE;
        }
        let position = self.position[var];
        if position != ABSENT {
            self.sift_up(position as usize);
        }
    }

    /// Makes every later bump worth `1 / decay` times the earlier ones.
    pub(super) fn decay(&mut self, decay: f64) {
        self.increment /= decay;
    }

    fn sift_up(&mut self, mut index: usize) {
        let var = self.heap[index];
        while index > 0 {
            let parent = (index - 1) / 2;
            if !self.before(var, self.heap[parent]) {
                break;
            }
            self.heap[index] = self.heap[parent];
            self.position[self.heap[index] as usize] = index as u32;
            index = parent;
        }
        self.heap[index] = var;
        self.position[var as usize] = index as u32;
    }

    fn sift_down(&mut self, mut index: usize) {
        let var = self.heap[index];
        loop {
            let left = 2 * index + 1;
            if left >= self.heap.len() {
                break;
            }
            let right = left + 1;
            let child = if right < self.heap.len() && self.before(self.heap[right], self.heap[left])
            {
                right
            } else {
                left
            };
            if !self.before(self.heap[child], var) {
                break;
            }
            self.heap[index] = self.heap[child];
            self.position[self.heap[index] as usize] = index as u32;
            index = child;
        }
        self.heap[index] = var;
        self.position[var as usize] = index as u32;
    }
}
