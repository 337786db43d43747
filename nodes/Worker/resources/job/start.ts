import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { apiError } from '../../../common/errors';
import { defineOperation, sendPlanned, toItems } from '../../../common/executor';
import { CONTROL_HEADERS, readControlAnswer } from '../../shared/control';
import { workerEndpoint } from '../../shared/fields';
import { isTerminal, jobRefFields, readJobRef, type JobRef } from '../../shared/jobStatus';
import { refQuery } from '../../shared/runRef';
import { readServerStatus } from '../../shared/serverStatus';

const show = { resource: ['job'], operation: ['start'] };

export const description = updateDisplayOptions({ show }, [...jobRefFields()]);

/**
 * startJob starts a job added with Add, or runs an ended job again under the same entry. The run is picked
 * by `id`, but released servers (9.3, 10.2, 11.0) take the configuration of the re-run from the FIRST run of
 * that name in the server's job map (`getJobMap().getConfiguration(jobName)`): 11.0 then runs the other
 * run's configuration (its parameters and variables), 9.3/10.2 keep the run's own parameters but drop the
 * variables it was added with (pentaho-kettle engine/src/main/java/org/pentaho/di/www/StartJobServlet.java
 * and JobMap.java on branches 9.3 @0d46237290, master @ae692d1261 (10.2) and 11.0 @3a1f253bad; 11.0's
 * createJob with the found configuration: 72107229c4). Only upstream code after 2026-03 reads
 * `fetchJobConfigFromEntry=Y` and uses the run's own configuration; the node sends it, servers that do not
 * know it ignore it. The status list is written in the job map's order, so the first run of a name there is
 * the one whose configuration a released server uses: an ended run that is not that one is refused before
 * anything is started, rather than run with another run's parameters.
 */
export const execute = defineOperation<JobRef>({
	plan(itemIndex) {
		return readJobRef(this, itemIndex);
	},
	async run(ref, itemIndex) {
		if (ref.id !== '') {
			const listing = await sendPlanned<IDataObject>(this, { method: 'GET', path: await workerEndpoint(this, 'status'), qs: { xml: 'Y' }, expect: 'xml' }, itemIndex);
			const { jobs } = readServerStatus(this.getNode(), listing.body, itemIndex);
			const own = jobs.find((job) => String(job.id ?? '') === ref.id);
			const name = own ? String(own.jobname ?? ref.name) : ref.name;
			const sameName = jobs.filter((job) => String(job.jobname ?? '') === name);
			const status = String(own?.status_desc ?? '');
			const ended = own !== undefined && isTerminal(status);
			// The server refuses a running job with a Java stack trace (Thread.start: IllegalThreadStateException, 500).
			if (own !== undefined && !ended && status.trim().toLowerCase() !== 'waiting') {
				throw apiError(this.getNode(), {
					message: `The job "${name}" (id ${ref.id}) is still running (status "${status}"): stop it first, or wait until it ends`,
					httpCode: '409',
					itemIndex,
				});
			}
			if (ended && sameName.length > 1 && String(sameName[0].id ?? '') !== ref.id) {
				throw apiError(this.getNode(), {
					message: `The worker server holds ${sameName.length} runs named "${name}": restarting this ended run could run it with another run's parameters. Nothing was started.`,
					description: `Released servers take the configuration of a restarted job from the first run of its name (here ${String(sameName[0].id)}). Remove the other runs named "${name}" (Job › Remove), or start a new run (Job › Run or Add).`,
					httpCode: '409',
					itemIndex,
				});
			}
		}
		const path = await workerEndpoint(this, 'startJob');
		// A job still running is refused by the server (HTTP 500).
		const qs = { ...refQuery(ref), fetchJobConfigFromEntry: 'Y', xml: 'Y' };
		const response = await sendPlanned<string>(this, { method: 'GET', path, qs, headers: CONTROL_HEADERS, expect: 'text' }, itemIndex);
		const { result } = readControlAnswer(this.getNode(), { status: response.status, raw: String(response.body ?? ''), request: `GET ${path}` }, `the start of the job "${ref.name}"`, itemIndex);
		return toItems({ jobName: ref.name, id: result.id || ref.id, started: true, message: result.message });
	},
});
