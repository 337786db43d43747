/** GraphML parsing and artifact names of the Lineage node. */
import { describeArtifact } from '../../nodes/Lineage/shared/artifacts';
import { parseGraphml } from '../../nodes/Lineage/shared/graphml';
import { XmlError } from '../../nodes/common/xml';

const GRAPH = `<?xml version="1.0" encoding="UTF-8"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
  <key id="d0" for="node" attr.name="name" attr.type="string"/>
  <key id="d1" for="node" attr.name="copies" attr.type="int"/>
  <key id="d2" for="node" attr.name="virtual" attr.type="boolean"><default>false</default></key>
  <key id="d3" for="edge" attr.name="weight" attr.type="double"/>
  <key id="d4" for="all" attr.name="note" attr.type="string"/>
  <key id="plain"/>
  <graph id="G" edgedefault="directed">
    <node id="n0"><data key="d0">Read &amp; clean</data><data key="d1">2</data></node>
    <node id="n1"><data key="d0">SALES</data><data key="d2">true</data><data key="d4">a table</data><data key="plain">x</data></node>
    <node id="n2"/>
    <edge id="e0" source="n0" target="n1" label="writes"><data key="d3">0.5</data></edge>
    <edge source="n1" target="n2"/>
  </graph>
</graphml>`;

describe('parseGraphml', () => {
	it('names and types data through the <key> declarations, with their defaults', () => {
		expect(parseGraphml(GRAPH)).toEqual({
			directed: true,
			nodes: [
				{ id: 'n0', name: 'Read & clean', copies: 2, virtual: false },
				{ id: 'n1', name: 'SALES', virtual: true, note: 'a table', plain: 'x' },
				{ id: 'n2', virtual: false },
			],
			edges: [
				{ id: 'e0', source: 'n0', target: 'n1', label: 'writes', weight: 0.5 },
				{ source: 'n1', target: 'n2' },
			],
		});
	});

	it('reads a graph with one node and no edges, undirected, and keeps data that would replace the id', () => {
		const graph = parseGraphml(
			'<graphml><key id="k" for="node" attr.name="id"/><graph edgedefault="undirected"><node id="a"><data key="k">other</data></node></graph></graphml>',
		);
		expect(graph).toEqual({ directed: false, nodes: [{ id: 'a', data_id: 'other' }], edges: [] });
	});

	it('refuses documents that are not GraphML, or malformed', () => {
		expect(() => parseGraphml('<html><body/></html>')).toThrow(/not GraphML/);
		expect(() => parseGraphml('<graphml><graph><node id="a"></graph></graphml>')).toThrow(XmlError);
		expect(() => parseGraphml('<graphml><graph><edge source="a"/></graph></graphml>')).toThrow(/no source or target/);
	});
});

describe('describeArtifact', () => {
	it('reads day folder, repository path, run start and name from the entry name', () => {
		const millis = Date.parse('2024-03-05T10:30:00Z');
		expect(describeArtifact(`20240305/home/suzy/test.ktr/${millis}_test.graphml`)).toEqual({
			fileName: `${millis}_test.graphml`,
			kind: 'graph',
			date: '2024-03-05',
			artifactPath: '/home/suzy/test.ktr',
			name: 'test',
			startedAt: '2024-03-05T10:30:00.000Z',
			mimeType: 'application/xml',
		});
		expect(describeArtifact(`/opt/pentaho/pentaho-lineage-output/20240305/public/jobs/20240101/load.kjb/${millis}_load.execution.js`)).toMatchObject({
			kind: 'executionProfile',
			date: '2024-03-05',
			artifactPath: '/public/jobs/20240101/load.kjb',
			name: 'load',
			mimeType: 'application/json',
		});
		expect(describeArtifact('readme.txt')).toEqual({ fileName: 'readme.txt', kind: 'text', mimeType: 'text/plain' });
		expect(describeArtifact('x/y.bin')).toEqual({ fileName: 'y.bin', kind: 'other', mimeType: 'application/octet-stream' });
	});
});
