/**
 * The iteration order of the worker's object maps, which decides which run a name-only request picks.
 *
 * The real Carte keeps its jobs in `JobMap` (two `java.util.HashMap`s keyed by `CarteObjectEntry`) and its
 * transformations in `TransformationMap` (a `ConcurrentHashMap`), and a request that gives a name without an
 * id takes the FIRST entry of that name in the map's iteration order (`getFirstCarteObjectEntry`,
 * `getConfiguration(String)`), and the status document lists them in that order:
 * pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/JobMap.java@ae692d1261 (10.2 at its branch
 * point; the same at 0d46237290, 9.3, and 3a1f253bad, 11.0) and TransformationMap.java at the same commits.
 * `CarteObjectEntry.hashCode()` is `id.hashCode()` and `equals` compares the ids only (CarteObjectEntry.java
 * at the same commits), so the order is fixed by the ids' `String.hashCode()`, not by insertion or by name:
 * - bucket index = (h ^ (h >>> 16)) & (capacity - 1), buckets in ascending index;
 * - entries of one bucket in insertion order (a new key goes to the tail of its bin; putting an existing key
 *   replaces the value and keeps the key object, its name and its place);
 * - capacity 16, doubled whenever the size goes over 3/4 of it, never shrunk by removals.
 * Known approximations: a HashMap bin of more than 8 entries in a table of 64 or more becomes a tree (its
 * order then differs); a ConcurrentHashMap resize may reverse part of a bin (its transfer prepends the nodes
 * before the bin's "lastRun"); both need many ids colliding in one bin, which random UUIDs practically never do.
 */

/** Java's `String.hashCode()` (UTF-16 code units, 32-bit wrap-around). */
export function javaStringHash(text: string): number {
	let h = 0;
	for (let i = 0; i < text.length; i++) h = (Math.imul(31, h) + text.charCodeAt(i)) | 0;
	return h;
}

/** The bucket of a key in a table of `capacity` (a power of two), as HashMap.hash and ConcurrentHashMap.spread give. */
export function javaBucket(id: string, capacity: number): number {
	const h = javaStringHash(id);
	return ((h ^ (h >>> 16)) & 0x7fffffff) & (capacity - 1);
}

/** The table size of a HashMap that has held at most `peakSize` entries at once. */
export function javaCapacity(peakSize: number): number {
	let capacity = 16;
	while (peakSize > capacity * 0.75) capacity *= 2;
	return capacity;
}

/**
 * Orders `items` as a Java hash map keyed by their ids iterates them. `items` must be in insertion order
 * (oldest first) and `peakSize` is the most entries the map has held at once.
 */
export function javaMapOrder<T extends { id: string }>(items: readonly T[], peakSize: number): T[] {
	const capacity = javaCapacity(Math.max(peakSize, items.length));
	return items
		.map((item, index) => ({ item, index, bucket: javaBucket(item.id, capacity) }))
		.sort((a, b) => a.bucket - b.bucket || a.index - b.index)
		.map((entry) => entry.item);
}
