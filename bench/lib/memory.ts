/** Samples the process's memory every 50 ms during a transfer and reports the peak growth over the start. */
import { collectGarbage } from './env';

export interface MemoryGrowth {
	/** Peak resident set size over the baseline, bytes. */
	rss: number;
	/** Peak V8 heap in use over the baseline, bytes. */
	heapUsed: number;
	/** Peak memory outside the V8 heap (Buffers and other external memory) over the baseline, bytes. */
	external: number;
	samples: number;
	baselineRss: number;
}

export class MemorySampler {
	private readonly baseline: NodeJS.MemoryUsage;
	private peak: { rss: number; heapUsed: number; external: number };
	private samples = 0;
	private readonly timer: NodeJS.Timeout;

	private constructor(intervalMs: number) {
		this.baseline = process.memoryUsage();
		this.peak = { rss: this.baseline.rss, heapUsed: this.baseline.heapUsed, external: this.baseline.external };
		this.timer = setInterval(() => this.sample(), intervalMs);
	}

	/** Collects garbage (when exposed), takes the baseline and starts sampling. */
	static start(intervalMs = 50): MemorySampler {
		collectGarbage();
		return new MemorySampler(intervalMs);
	}

	private sample(): void {
		const now = process.memoryUsage();
		this.samples++;
		this.peak.rss = Math.max(this.peak.rss, now.rss);
		this.peak.heapUsed = Math.max(this.peak.heapUsed, now.heapUsed);
		this.peak.external = Math.max(this.peak.external, now.external);
	}

	stop(): MemoryGrowth {
		this.sample();
		clearInterval(this.timer);
		return {
			rss: this.peak.rss - this.baseline.rss,
			heapUsed: this.peak.heapUsed - this.baseline.heapUsed,
			external: this.peak.external - this.baseline.external,
			samples: this.samples,
			baselineRss: this.baseline.rss,
		};
	}
}
