/**
 * The one XML escaper of the emulator. Every area writes its documents with it; what differs between
 * the real servers is how they write a quote and an apostrophe, so that is an option here, named
 * after who writes it that way:
 * - `xml` (default): the five XML entities, `&quot;` and `&apos;` (the platform's XML, the worker's
 *   webresult and the container's error pages as the emulator has always written them);
 * - `xmlHandler`: `&quot;` and `&#x27;`, for the worker's XMLHandler.addTagValue element text
 *   (worker/xmlText.ts, the Carte status and transformation documents). Known difference, kept so that
 *   no answer changes in this refactoring: the real XMLHandler escapes with OWASP `Encode.forXml`
 *   (pentaho-kettle:core/src/main/java/org/pentaho/di/core/xml/XMLHandler.java@03fa32bf8db6a596b4123e195b0489d4fc305547
 *   appendReplacedChars), which writes `&#34;` and `&#39;`; every XML parser reads both spellings alike;
 * - `forHtml`: `&#34;` and `&#39;`, OWASP `Encode.forHtml`, which the Carte servlets apply to some
 *   messages before the webresult escapes them again (worker area);
 * - `noApostrophe`: `&quot;` and the apostrophe left as it is, as the emulator has always written the
 *   scheduler's and the data-access plugin's JAXB documents and the lineage GraphML.
 */

export type EscapeStyle = 'xml' | 'xmlHandler' | 'forHtml' | 'noApostrophe';

const QUOTE: Record<EscapeStyle, string> = { xml: '&quot;', xmlHandler: '&quot;', forHtml: '&#34;', noApostrophe: '&quot;' };
const APOSTROPHE: Record<EscapeStyle, string | undefined> = { xml: '&apos;', xmlHandler: '&#x27;', forHtml: '&#39;', noApostrophe: undefined };

/** Text (or any value, written with String(); null and undefined as '') escaped for XML or HTML. */
export function escapeXml(value: unknown, style: EscapeStyle = 'xml'): string {
	const escaped = String(value ?? '')
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, QUOTE[style]);
	const apostrophe = APOSTROPHE[style];
	return apostrophe === undefined ? escaped : escaped.replace(/'/g, apostrophe);
}
