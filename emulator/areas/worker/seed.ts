/** The worker's built-in fixture and its state as seeded from `app.options.seed.worker`. */
import type { EmulatorApp } from '../../core/app';
import { carteDate, JobEngine } from './jobs';
import type { SlaveEntry, SocketAllocation, WorkerState } from './store';

export interface WorkerSeed {
	sequences?: Record<string, number>;
	autoCreateSequences?: boolean;
	transformations?: Array<{ name: string; status?: string; id?: string }>;
	slaves?: Array<Partial<SlaveEntry> & { name: string }>;
	sockets?: Array<Partial<SocketAllocation> & { host: string; port: number }>;
}

const DEFAULT_SEQUENCES: Record<string, number> = { orders: 1, batch_id: 570000 };
const DEFAULT_TRANSFORMATIONS: Array<{ name: string; status?: string; id?: string }> = [
	{ name: 'stage_customers', status: 'Running' },
	{ name: 'daily_revenue', status: 'Finished' },
];

export function createWorkerState(app: EmulatorApp): WorkerState {
	const seed = (app.options.seed.worker ?? {}) as WorkerSeed;
	const engine = new JobEngine(() => app.now(), app.options.jobDurationMs);
	const startedAt = app.now();
	return {
		engine,
		jobs: engine.jobs,
		sockets: (seed.sockets ?? []).map((s) => ({
			clusterRunId: '',
			transformation: '',
			sourceSlave: '',
			sourceStep: '',
			sourceCopy: '0',
			targetSlave: '',
			targetStep: '',
			targetCopy: '0',
			allocated: true,
			lastRequested: startedAt,
			...s,
		})),
		sequences: new Map(Object.entries({ ...DEFAULT_SEQUENCES, ...(seed.sequences ?? {}) })),
		autoCreateSequences: seed.autoCreateSequences ?? false,
		slaves: (seed.slaves ?? []).map((s) => ({
			hostname: 'localhost',
			port: '8081',
			webAppName: '',
			username: '',
			password: '',
			proxy_hostname: '',
			proxy_port: '',
			non_proxy_hosts: '',
			get_properties_from_master: '',
			override_existing_properties: 'N',
			master: 'N',
			sslMode: 'N',
			active: 'Y',
			last_active_date: carteDate(startedAt),
			last_inactive_date: '',
			...s,
		})),
		transformations: (seed.transformations ?? DEFAULT_TRANSFORMATIONS).map((t, i) => ({
			id: t.id ?? `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
			name: t.name,
			status: t.status ?? 'Finished',
			startedAt,
		})),
		ignoreFrom: false,
		stopRequests: 0,
		stopAccepted: false,
		startedAt,
	};
}
