import {
	extractServerMessage,
	httpFailureMessage,
	messageFromHtml,
	networkFailureMessage,
	redact,
} from '../../nodes/common/errors';

describe('extractServerMessage', () => {
	it('reads a worker webresult', () => {
		expect(
			extractServerMessage('<?xml version="1.0"?><webresult><result>ERROR</result><message>Job &apos;x&apos; not found</message><id/></webresult>', 'text/xml'),
		).toBe("Job 'x' not found");
	});
	it('reads a sequence error', () => expect(extractServerMessage("<seq><error>Slave sequence 'ids' could not be found.</error></seq>")).toBe("Slave sequence 'ids' could not be found."));
	it('reads catalog JSON {status, message}', () => expect(extractServerMessage('{"status":503,"message":"Service unavailable"}', 'application/json')).toBe('Service unavailable'));
	it('reads nested and alternative JSON keys', () => {
		expect(extractServerMessage({ error: { message: 'nested' } })).toBe('nested');
		expect(extractServerMessage({ error: 'flat' })).toBe('flat');
		expect(extractServerMessage({ errorMessage: 'other' })).toBe('other');
	});
	it('reads text/plain', () => expect(extractServerMessage('  couldNotCreateFolderDuplicate \n', 'text/plain')).toBe('couldNotCreateFolderDuplicate'));
	it('reads a web container HTML page that carries a message, and finds none in one that only repeats the status', () => {
		const page =
			'<html><head><title>Error 500 Server Error</title><style>p{}</style></head><body><h2>HTTP ERROR 500</h2><p>Problem accessing /x. Reason:<pre>    Server Error</pre></p></body></html>';
		expect(extractServerMessage(page, 'text/html')).toBeUndefined();
		expect(extractServerMessage(page.replace('    Server Error', 'Unable to find repository: dataflow'), 'text/html')).toBe('HTTP ERROR 500: Unable to find repository: dataflow');
	});
	it('reads a Buffer body', () => expect(extractServerMessage(Buffer.from('boom'), 'text/plain')).toBe('boom'));
	it('never answers "[object Object]" or "undefined"', () => {
		for (const body of [{}, { message: {} }, [], '', '   ', undefined, null, '{}', '<a/>']) {
			const message = extractServerMessage(body as never);
			expect(message === undefined || (message !== '[object Object]' && message !== 'undefined' && message !== '')).toBe(true);
		}
	});
	it('shortens very long messages', () => expect(extractServerMessage('x'.repeat(5000))!.length).toBeLessThanOrEqual(400));
	it('falls back to text when a body only looks like JSON', () => expect(extractServerMessage('{not json', 'application/json')).toBe('{not json'));
	it('reads HTML bodies that only have text', () => expect(messageFromHtml('<html><body>Gateway down</body></html>')).toBe('Gateway down'));
});

describe('redact', () => {
	it('replaces secrets and their URL-encoded forms', () => {
		expect(redact('pw=S3cr&t! and S3cr%26t!', ['S3cr&t!'])).toBe('pw=*** and ***');
	});
	it('ignores empty and very short secrets', () => expect(redact('a b', ['', undefined, 'a'])).toBe('a b'));
	it('hides Authorization values and JWTs whatever they are', () => {
		expect(redact('you sent Basic YWRtaW46c2VjcmV0 and Bearer abc.def-ghi_jkl', [])).toBe('you sent Basic *** and Bearer ***');
		expect(redact('token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl here', [])).toBe('token *** here');
		expect(redact('a Basic idea', [])).toBe('a Basic idea');
	});
	it('leaves our own wording alone when a password is an ordinary word', () => {
		expect(redact('Authorization failed: check the username and password of the credential', ['password'])).toBe(
			'Authorization failed: check the username and password of the credential',
		);
		expect(redact('this user may not schedule, or the username or password is wrong', ['password'])).toBe(
			'this user may not schedule, or the username or password is wrong',
		);
		// ...but not where the server echoes it.
		expect(redact('Login of admin with password failed; the username or password is wrong', ['password'])).toBe(
			'Login of admin with *** failed; the username or password is wrong',
		);
		expect(redact('The server refused access: this user lacks the permission for it', ['server'])).toBe(
			'The server refused access: this user lacks the permission for it',
		);
		expect(redact('server says: server', ['server'])).toBe('*** says: ***');
	});
});

describe('failure messages', () => {
	it('prefers the server message', () => expect(httpFailureMessage(500, 'Disk full')).toBe('Disk full'));
	it('has a hint per status', () => {
		expect(httpFailureMessage(401, undefined)).toMatch(/Authorization failed/);
		expect(httpFailureMessage(418, undefined)).toBe('The server answered HTTP 418');
	});
	it('explains network failures', () => {
		expect(networkFailureMessage('ECONNREFUSED', 'x')).toMatch(/refused the connection/);
		expect(networkFailureMessage('ECONNRESET', 'socket hang up')).toMatch(/closed the connection/);
		expect(networkFailureMessage('ECONNABORTED', 'timeout of 10ms exceeded')).toMatch(/did not answer in time/);
		expect(networkFailureMessage(undefined, 'strange')).toBe('strange');
		expect(networkFailureMessage(undefined, undefined)).toBe('The request to the server failed');
	});
});
