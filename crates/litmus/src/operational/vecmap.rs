//! A map kept as a sorted vector: cheap to clone and hash, which is what
//! an explorer does most with its states (the maps here hold a few dozen
//! entries).

/// A sorted-vector map with the few operations the models use.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VecMap<K, V> {
    items: Vec<(K, V)>,
}

impl<K: Ord + Copy, V> Default for VecMap<K, V> {
    fn default() -> Self {
        VecMap { items: Vec::new() }
    }
}

impl<K: Ord + Copy, V> VecMap<K, V> {
    /// An empty map.
    pub fn new() -> Self {
        Self::default()
    }
    fn find(&self, k: &K) -> Result<usize, usize> {
        self.items.binary_search_by(|(x, _)| x.cmp(k))
    }
    /// The value at `k`, if any.
    pub fn get(&self, k: &K) -> Option<&V> {
        self.find(k).ok().map(|i| &self.items[i].1)
    }
    /// The value at `k`, mutably, if any.
    pub fn get_mut(&mut self, k: &K) -> Option<&mut V> {
        self.find(k).ok().map(|i| &mut self.items[i].1)
    }
    /// The rank of key `k` among the keys (their sorted order).
    pub fn position(&self, k: &K) -> Option<usize> {
        self.find(k).ok()
    }
    /// The number of entries.
    pub fn len(&self) -> usize {
        self.items.len()
    }
    /// Whether the map has no entries.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
    /// Whether `k` has a value.
    pub fn contains_key(&self, k: &K) -> bool {
        self.find(k).is_ok()
    }
    /// Sets the value at `k`, replacing any old one.
    pub fn insert(&mut self, k: K, v: V) {
        match self.find(&k) {
            Ok(i) => self.items[i].1 = v,
            Err(i) => self.items.insert(i, (k, v)),
        }
    }
    /// Removes the entry at `k`, returning its value.
    pub fn remove(&mut self, k: &K) -> Option<V> {
        self.find(k).ok().map(|i| self.items.remove(i).1)
    }
    /// The value at `k`, inserted as `V::default()` if absent.
    pub fn entry_or_default(&mut self, k: K) -> &mut V
    where
        V: Default,
    {
        let i = match self.find(&k) {
            Ok(i) => i,
            Err(i) => {
                self.items.insert(i, (k, V::default()));
                i
            }
        };
        &mut self.items[i].1
    }
    /// Keeps only the entries for which `f` returns `true`.
    pub fn retain(&mut self, mut f: impl FnMut(&K, &mut V) -> bool) {
        self.items.retain_mut(|(k, v)| f(k, v));
    }
    /// Renames every key by `f`, which must keep the keys' order (checked
    /// in debug builds), so that the vector stays sorted.
    pub fn map_keys(&mut self, f: impl Fn(K) -> K) {
        for (k, _) in &mut self.items {
            *k = f(*k);
        }
        debug_assert!(self.items.windows(2).all(|w| w[0].0 < w[1].0));
    }
    /// The entries, in key order.
    pub fn iter(&self) -> impl Iterator<Item = (&K, &V)> {
        self.items.iter().map(|(k, v)| (k, v))
    }
    /// The entries with keys `>= k`, in order (with keys ordered by a
    /// first component, the entries sharing it are one contiguous run).
    pub fn iter_from(&self, k: &K) -> impl Iterator<Item = (&K, &V)> {
        let i = self.items.partition_point(|(x, _)| x < k);
        self.items[i..].iter().map(|(k, v)| (k, v))
    }
    /// The values, in key order.
    pub fn values(&self) -> impl Iterator<Item = &V> {
        self.items.iter().map(|(_, v)| v)
    }
}

impl<K, V> std::ops::Index<&K> for VecMap<K, V>
where
    K: Ord + Copy,
{
    type Output = V;
    fn index(&self, k: &K) -> &V {
        self.get(k).expect("key present")
    }
}
