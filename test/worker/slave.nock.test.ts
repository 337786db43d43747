/** Exact requests of the Worker's Slave operations (Register, List) and the items that come out (split from worker.nock.test.ts). */
import nock from 'nock';

import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { run, SERVER_PASSWORD, serverCredentials } from '../harness';
import { webResult, WORKER, XML } from './helpers';

const node = new DataflowWorker();
const AUTH = `Basic ${Buffer.from(`admin:${SERVER_PASSWORD}`).toString('base64')}`;
const credentials = (overrides = {}) => ({ dataflowServerApi: serverCredentials(WORKER, overrides) });
const worker = () => nock(WORKER, { reqheaders: { authorization: AUTH } });

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('Slave: Register and Get Many', () => {
	it('posts the slave description as XML built from the fields', async () => {
		let body = '';
		const scope = worker()
			.matchHeader('content-type', 'application/xml; charset=UTF-8')
			.post('/dataflow/registerSlave', (b) => {
				body = String(b);
				return true;
			})
			.reply(200, webResult('OK', "Slave server detection 'w&2' was replaced in the list."), XML);
		const result = await run(node, {
			parameters: {
				resource: 'slave',
				operation: 'register',
				slaveName: 'w&2',
				hostname: 'etl-2.example.com',
				additionalFields: { port: 8082, username: 'cluster', password: 'p<ss', webAppName: 'pentaho', sslMode: true, proxyHostname: 'proxy', proxyPort: 3128 },
			},
			credentials: credentials(),
		});
		expect(result.error).toBeUndefined();
		scope.done();
		const date = /<last_active_date>(\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}\.\d{3})<\/last_active_date>/.exec(body)?.[1];
		expect(date).toBeDefined();
		expect(body).toBe(
			'<?xml version="1.0" encoding="UTF-8"?>\n<SlaveServerDetection><slaveserver><name>w&amp;2</name><hostname>etl-2.example.com</hostname><port>8082</port>' +
				'<webAppName>pentaho</webAppName><username>cluster</username><password>p&lt;ss</password><proxy_hostname>proxy</proxy_hostname><proxy_port>3128</proxy_port>' +
				'<non_proxy_hosts></non_proxy_hosts><get_properties_from_master></get_properties_from_master><override_existing_properties>N</override_existing_properties>' +
				`<master>N</master><sslMode>Y</sslMode></slaveserver><active>Y</active><last_active_date>${date}</last_active_date><last_inactive_date></last_inactive_date></SlaveServerDetection>`,
		);
		expect(result.items.map((i) => i.json)).toEqual([{ registered: true, name: 'w&2', message: "Slave server detection 'w&2' was replaced in the list." }]);
	});

	it('refuses a missing name or hostname before any request', async () => {
		const scope = worker().post('/dataflow/registerSlave').reply(200, webResult('OK', ''), XML);
		for (const [slaveName, hostname, message] of [
			['={{ "" }}', 'h', /Name is empty/],
			['w', ' ', /Hostname is empty/],
		] as const) {
			const result = await run(node, { parameters: { resource: 'slave', operation: 'register', slaveName, hostname }, credentials: credentials() });
			expect(result.error?.message).toMatch(message);
		}
		expect(scope.isDone()).toBe(false);
	});

	it('lists slaves with getSlaves?xml=Y, one typed item per slave, without passwords', async () => {
		const doc = `<?xml version="1.0" encoding="UTF-8"?><SlaveServerDetections>
<SlaveServerDetection><slaveserver><name>w1</name><hostname>h1</hostname><port>8081</port><webAppName/><username>cluster</username><password>Encrypted 2be98afc86aa7f2e4cb79ce10be84bd89</password><proxy_hostname/><proxy_port/><non_proxy_hosts/><get_properties_from_master/><override_existing_properties>N</override_existing_properties><master>Y</master><sslMode>N</sslMode></slaveserver><active>Y</active><last_active_date>2014/11/17 06:42:28.043</last_active_date><last_inactive_date/></SlaveServerDetection>
<SlaveServerDetection><slaveserver><name>w2</name><hostname>h2</hostname><port>8082</port><master>N</master><sslMode>Y</sslMode></slaveserver><active>N</active><last_active_date/><last_inactive_date>2014/11/18 07:00:00.000</last_inactive_date></SlaveServerDetection>
</SlaveServerDetections>`;
		const scope = worker().get('/dataflow/getSlaves').query({ xml: 'Y' }).reply(200, doc, XML);
		const result = await run(node, { parameters: { resource: 'slave', operation: 'list' }, credentials: credentials() });
		scope.done();
		expect(result.items.map((i) => i.json)).toEqual([
			{
				name: 'w1',
				hostname: 'h1',
				port: 8081,
				webAppName: '',
				username: 'cluster',
				proxyHostname: '',
				proxyPort: '',
				nonProxyHosts: '',
				getPropertiesFromMaster: '',
				overrideExistingProperties: false,
				master: true,
				sslMode: false,
				active: true,
				lastActiveDate: '2014-11-17T06:42:28.043',
				lastInactiveDate: null,
			},
			{ name: 'w2', hostname: 'h2', port: 8082, master: false, sslMode: true, active: false, lastActiveDate: null, lastInactiveDate: '2014-11-18T07:00:00.000' },
		]);
		expect(JSON.stringify(result.items)).not.toContain('Encrypted');
	});

	it('an empty list gives no items', async () => {
		worker().get('/dataflow/getSlaves').query({ xml: 'Y' }).reply(200, '<?xml version="1.0"?><SlaveServerDetections></SlaveServerDetections>', XML);
		const result = await run(node, { parameters: { resource: 'slave', operation: 'list' }, credentials: credentials() });
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);
	});
});
