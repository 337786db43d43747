/**
 * Pipeline and workflow images. The real servlets draw the graph with Hop's SVG painters
 * (PipelineSvgPainter.generatePipelineSvg / WorkflowSvgPainter.generateWorkflowSvg, Batik) and answer
 * `image/svg+xml` with charset UTF-8 (apache/hop:engine/src/main/java/org/apache/hop/www/GetPipelineImageServlet.java,
 * GetWorkflowImageServlet.java @2.19.0-rc1). This is our own drawing of the same graph: a box per transform or
 * action at its GUI location, named, and a line per enabled hop; not Batik's markup.
 */
import type { PipelineDef, WorkflowDef } from './defs';
import { forXml } from './xml';

export function graphSvg(def: PipelineDef | WorkflowDef): string {
	const nodes = def.kind === 'pipeline' ? def.transforms.map((t) => ({ name: t.name, type: t.type, x: t.xloc, y: t.yloc })) : def.actions.map((a) => ({ name: a.name, type: a.type, x: a.xloc, y: a.yloc }));
	const width = Math.max(200, ...nodes.map((n) => n.x + 150));
	const height = Math.max(120, ...nodes.map((n) => n.y + 100));
	const at = new Map(nodes.map((n) => [n.name, n]));
	const lines = def.hops
		.filter((h) => h.enabled && at.has(h.from) && at.has(h.to))
		.map((h) => {
			const a = at.get(h.from)!;
			const b = at.get(h.to)!;
			return `<line x1="${a.x + 16}" y1="${a.y + 16}" x2="${b.x + 16}" y2="${b.y + 16}" stroke="#0E3A5A" stroke-width="1"/>`;
		});
	const boxes = nodes.map(
		(n) =>
			`<g class="${def.kind === 'pipeline' ? 'transform' : 'action'}"><rect x="${n.x}" y="${n.y}" width="32" height="32" rx="6" fill="#FFFFFF" stroke="#0E3A5A"/><text x="${n.x + 16}" y="${n.y + 50}" text-anchor="middle" font-family="sans-serif" font-size="10">${forXml(n.name)}</text><title>${forXml(n.type)}</title></g>`,
	);
	return `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${lines.join('')}${boxes.join('')}</svg>`;
}
