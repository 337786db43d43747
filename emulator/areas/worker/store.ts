/** The worker's state (jobs, sockets, sequences, slaves, status-page transformations) and what its routes share. */
import type { EmulatorApp } from '../../core/app';
import type { ServletDeployment } from '../../core/charset';
import type { EmulatedJob, JobEngine } from './jobs';
import type { ControlState } from './trans';

export interface SocketAllocation {
	host: string;
	port: number;
	clusterRunId: string;
	transformation: string;
	sourceSlave: string;
	sourceStep: string;
	sourceCopy: string;
	targetSlave: string;
	targetStep: string;
	targetCopy: string;
	allocated: boolean;
	lastRequested: number;
}

export interface SlaveEntry {
	name: string;
	hostname: string;
	port: string;
	webAppName: string;
	username: string;
	password: string;
	proxy_hostname: string;
	proxy_port: string;
	non_proxy_hosts: string;
	get_properties_from_master: string;
	override_existing_properties: string;
	master: string;
	sslMode: string;
	active: string;
	last_active_date: string;
	last_inactive_date: string;
}

export interface TransformationEntry {
	id: string;
	name: string;
	status: string;
	startedAt: number;
}

export interface WorkerState {
	engine: JobEngine;
	jobs: EmulatedJob[];
	sockets: SocketAllocation[];
	/** Next value of each configured sequence. */
	sequences: Map<string, number>;
	autoCreateSequences: boolean;
	slaves: SlaveEntry[];
	transformations: TransformationEntry[];
	/** Imitate servers that ignore jobStatus `from`. */
	ignoreFrom: boolean;
	stopRequests: number;
	stopAccepted: boolean;
	startedAt: number;
}

/** What the worker's routes share (built once by area.ts). */
export interface WorkerArea {
	app: EmulatorApp;
	state: WorkerState;
	engine: JobEngine;
	control: ControlState;
	/** Content type of XML answers: text/xml;charset=UTF-8 on every version played (area.ts). */
	xmlType: string;
	/** A standalone worker server (Jetty, `/kettle/...` at the root) or the servlets inside the BI server (`<context>/kettle/...`). */
	deployment: ServletDeployment;
}
