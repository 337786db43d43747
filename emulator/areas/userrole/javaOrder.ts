/**
 * The iteration order of java.util.HashSet<String> / HashMap<String, …>, which the real user/role lists
 * come out in wherever the server passes them through a hash set without sorting them afterwards:
 * CompositeUserRoleListService.collectResultsForOperation returns `new ArrayList(new HashSet(...))`
 * (pentaho-platform:extensions/src/main/java/org/pentaho/platform/plugin/services/security/userrole/CompositeUserRoleListService.java@9.3.0.0-422,
 * same @11.0.0.0-237), and UserRoleListService.getAllRoles builds a HashSet (services/UserRoleListService.java@9.3.0.0-422, @10.2.0.0-222).
 *
 * java.util.HashMap (JDK 8+): the bucket of a key is `(h ^ (h >>> 16)) & (capacity - 1)` with h = String.hashCode();
 * a bucket keeps its keys in insertion order; the table starts at 16 buckets (or tableSizeFor of the collection
 * constructor's size / 0.75 + 1) and doubles whenever the size passes 0.75 × capacity, a resize keeping the relative
 * order inside each bucket. Iteration walks the buckets in index order. (Tree bins, used only for 8+ keys in one
 * bucket of a 64+ table, are not played.)
 */

/** java.lang.String.hashCode(): s[0]·31^(n−1) + … + s[n−1] over UTF-16 code units, 32-bit overflow. */
export function javaStringHash(text: string): number {
	let h = 0;
	for (let i = 0; i < text.length; i++) h = (Math.imul(31, h) + text.charCodeAt(i)) | 0;
	return h;
}

function spread(text: string): number {
	const h = javaStringHash(text);
	return h ^ (h >>> 16);
}

function tableSizeFor(wanted: number): number {
	let n = 1;
	while (n < wanted) n *= 2;
	return n;
}

export interface JavaHashSet {
	add(value: string): void;
	addAll(values: Iterable<string>): void;
	remove(value: string): void;
	has(value: string): boolean;
	/** The iteration order. */
	values(): string[];
}

/**
 * A HashSet<String>. `fromCollection` sizes the table as `new HashSet<>(collection)` does
 * (max(size / .75f + 1, 16) rounded up to a power of two); otherwise it starts at 16 buckets.
 */
export function javaHashSet(initial: Iterable<string> = [], fromCollection = false): JavaHashSet {
	const items: string[] = [];
	const seen = new Set<string>();
	const first = [...initial];
	let capacity = fromCollection ? tableSizeFor(Math.max(Math.floor(first.length / 0.75) + 1, 16)) : 16;
	const set: JavaHashSet = {
		add(value) {
			if (seen.has(value)) return;
			seen.add(value);
			items.push(value);
			if (items.length > capacity * 0.75) capacity *= 2;
		},
		addAll(values) {
			for (const value of values) set.add(value);
		},
		remove(value) {
			if (!seen.delete(value)) return;
			items.splice(items.indexOf(value), 1);
		},
		has: (value) => seen.has(value),
		values() {
			const indexed = items.map((value, order) => ({ value, order, bucket: spread(value) & (capacity - 1) }));
			indexed.sort((a, b) => a.bucket - b.bucket || a.order - b.order);
			return indexed.map((entry) => entry.value);
		},
	};
	set.addAll(first);
	return set;
}

/** `new ArrayList<>(new HashSet<>(values))`, built by addAll on a default set (the composite service's way). */
export function javaHashOrder(values: Iterable<string>): string[] {
	const set = javaHashSet();
	set.addAll(values);
	return set.values();
}

/** String.compareTo order (UTF-16 code units), what DefaultRoleComparator / DefaultUsernameComparator(true) sort by. */
export function javaSorted(values: Iterable<string>): string[] {
	return [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
