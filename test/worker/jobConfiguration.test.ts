import { buildJobConfiguration, readJobDefinition } from '../../nodes/Worker/shared/jobConfiguration';
import { parseXmlOrdered } from '../../nodes/common/xml';

const job = readJobDefinition('<job><name>load</name></job>');
const settings = { logLevel: 'Basic', variables: [], clearLog: true, safeMode: false, gatherMetrics: false, startCopyName: '' };

describe('job_configuration values', () => {
	it('carry <, &, ]]>, quotes, a carriage return and non-ASCII text intact', () => {
		const value = 'a < b & c ]]> "q" \'s\'\r\nZürich 東京';
		const xml = buildJobConfiguration(job, { ...settings, parameters: [{ name: 'P', value }] });
		expect(xml).toContain('&#13;');
		const text = JSON.stringify(parseXmlOrdered(xml));
		expect(text).toContain(JSON.stringify(value).slice(1, -1));
	});

	it('refuse a character XML cannot carry, naming the field, instead of sending a broken body', () => {
		expect(() => buildJobConfiguration(job, { ...settings, parameters: [{ name: 'P', value: 'x\u0000' }] })).toThrow(
			/The value of "value" contains the character U\+0000/,
		);
	});
});
