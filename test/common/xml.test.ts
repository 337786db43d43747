import { buildXml, buildXmlOrdered, isXmlContentType, looksLikeXml, parseXml, parseXmlOrdered, XmlError } from '../../nodes/common/xml';

describe('parseXml', () => {
	it('parses documents into objects with string leaves, repeated elements as lists, attributes with @', () => {
		const doc = parseXml(
			'<?xml version="1.0"?><jobs><job id="1"><name>a</name><count>007</count></job><job id="2"><name/></job></jobs>',
		);
		expect(doc).toEqual({ jobs: { job: [{ '@id': '1', name: 'a', count: '007' }, { '@id': '2', name: '' }] } });
	});

	it('decodes entities, including numeric ones the worker writes', () => {
		expect(parseXml('<m>a &amp; b &lt;c&gt; &#x27;q&#x27; &#233;</m>')).toEqual({ m: "a & b <c> 'q' é" });
	});

	it('keeps CDATA text', () => expect(parseXml('<l><![CDATA[<x> & ]]></l>')).toEqual({ l: '<x> & ' }));

	it.each([
		['', /empty/],
		['<a><b></a>', /Malformed XML/],
		['<webresult><result>OK</result><message>cut', /Malformed XML/],
		['not xml at all <', /Malformed XML/],
	])('refuses %p', (input, message) => {
		expect(() => parseXml(input)).toThrow(XmlError);
		expect(() => parseXml(input)).toThrow(message);
	});
});

describe('buildXml', () => {
	it('builds escaped documents, so <, & and ]]> in values are safe', () => {
		const xml = buildXml('parameter', { name: 'a<b', value: 'x & y ]]> "z"' });
		expect(xml).toContain('<name>a&lt;b</name>');
		expect(xml).not.toContain(']]>');
		expect(parseXml(xml)).toEqual({ parameter: { name: 'a<b', value: 'x & y ]]> "z"' } });
	});

	it('repeats arrays, writes numbers, booleans and empty values, drops undefined', () => {
		const xml = buildXml('c', { p: [{ n: 'a' }, { n: 'b' }], count: 3, flag: true, empty: '', nothing: null, skipped: undefined }, false);
		expect(xml).toBe('<c><p><n>a</n></p><p><n>b</n></p><count>3</count><flag>true</flag><empty></empty><nothing></nothing></c>');
	});

	it('writes attributes from @ keys', () => expect(buildXml('a', { '@x': '1', b: 'c' }, false)).toBe('<a x="1"><b>c</b></a>'));

	it('keeps non-ASCII text intact', () => expect(parseXml(buildXml('t', { v: 'Zürich — 東京' }))).toEqual({ t: { v: 'Zürich — 東京' } }));
});

describe('content type checks', () => {
	it.each([['text/xml'], ['application/xml; charset=UTF-8'], ['application/atom+xml']])('%p is XML', (type) =>
		expect(isXmlContentType(type)).toBe(true),
	);
	it.each([['application/json'], ['text/html'], [undefined], ['text/xmlx']])('%p is not XML', (type) => expect(isXmlContentType(type)).toBe(false));
	it('recognises XML bodies', () => {
		expect(looksLikeXml('  <?xml version="1.0"?><a/>')).toBe(true);
		expect(looksLikeXml('<a/>')).toBe(true);
		expect(looksLikeXml('{"a":1}')).toBe(false);
	});
});

describe('document-order XML', () => {
	const kjb = `<?xml version="1.0"?>\n<job>\n  <!-- keep me -->\n  <name>load &amp; check</name>\n  <entry type="SPECIAL" note="a &quot;b&quot;"><![CDATA[x < y]]></entry>\n</job>`;

	it('parses and builds back comments, CDATA, attributes, whitespace and escaped text unchanged', () => {
		const nodes = parseXmlOrdered(kjb);
		expect(buildXmlOrdered(nodes, false)).toBe(kjb.replace('<?xml version="1.0"?>\n', '').replace('a &quot;b&quot;', 'a &quot;b&quot;'));
	});

	it('escapes values as buildXml does: \\r kept, characters XML cannot carry refused', () => {
		const withCr = buildXmlOrdered([{ v: [{ '#text': 'a\rb & <c>' }] }], false);
		expect(withCr).toBe('<v>a&#13;b &amp; &lt;c&gt;</v>');
		expect(parseXmlOrdered(withCr)).toEqual([{ v: [{ '#text': 'a\rb & <c>' }] }]);
		expect(() => buildXmlOrdered([{ v: [{ '#text': 'nul\u0000' }] }], false)).toThrow(/The value of "v" contains the character U\+0000/);
		expect(() => buildXmlOrdered([{ v: [], ':@': { '@_a': 'x\u0001' } }], false)).toThrow(/attribute "@_a".*U\+0001/);
	});

	it('names the document in its errors', () => {
		expect(() => parseXmlOrdered('', 'The job definition')).toThrow('The job definition is empty');
		expect(() => parseXmlOrdered('<job><name>x</name>', 'The job definition')).toThrow(/^The job definition is not well-formed XML \(line 1/);
	});
});
