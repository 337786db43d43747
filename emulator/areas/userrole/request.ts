/**
 * Reading the user/role requests: the JAXB bodies (User, ChangePasswordUser, UserChangePasswordDTO,
 * LogicalRoleAssignments) as XML or JSON, the "ENC:" passwords, and the answers' content negotiation.
 */
import { XMLParser } from 'fast-xml-parser';

import { EmulatorHttpError, tomcatSendError } from '../../core/errors';
import type { RequestContext } from '../../core/types';
import type { ServerProfile } from '../../core/profiles';

export type Body = Record<string, unknown>;

const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, isArray: (name) => ['assignments', 'logicalRoles'].includes(name) });

/**
 * A request entity as Jersey hands it to the resource. The media type decides the reader: XML (application/xml,
 * text/xml, any +xml type) through JAXB, whose @XmlRootElement must match (`root`); JSON through Jersey 1's JAXB "mapped"
 * reader (9.x/10.x: JAXBContextResolver rootUnwrapping(true), so no root object; unknown members ignored) or Jackson
 * (11.x: JAXRSApplication registers JacksonFeature; unknown members fail — FAIL_ON_UNKNOWN_PROPERTIES). No Content-Type
 * (application/octet-stream) or another type: no reader → 415. An unreadable body → 400.
 * (pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/JAXBContextResolver.java@10.2.0.10-434,
 * …/web/servlet/jersey/JAXRSApplication.java@11.0.0.0-237)
 */
export async function readEntity(ctx: RequestContext, profile: ServerProfile, root: string, fields: string[]): Promise<Body> {
	const type = String(ctx.req.headers['content-type'] ?? '')
		.split(';')[0]
		.trim()
		.toLowerCase();
	const text = (await ctx.body()).toString('utf8');
	if (type === 'application/json' || type.endsWith('+json')) {
		let value: unknown;
		try {
			value = JSON.parse(text);
		} catch {
			throw EmulatorHttpError.bare(400);
		}
		if (value === null || typeof value !== 'object' || Array.isArray(value)) throw EmulatorHttpError.bare(400);
		const body = value as Body;
		if (profile.jsonStyle === 'jackson' && Object.keys(body).some((key) => !fields.includes(key))) throw EmulatorHttpError.bare(400);
		return body;
	}
	if (type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml')) {
		let doc: Body;
		try {
			doc = parser.parse(text, true) as Body;
		} catch {
			throw EmulatorHttpError.bare(400);
		}
		const element = doc[root];
		if (element === undefined) throw EmulatorHttpError.bare(400);
		return element !== null && typeof element === 'object' ? (element as Body) : {};
	}
	throw EmulatorHttpError.bare(415);
}

/** A member of a body as the bean reads it: a string, or null when absent. */
export function member(body: Body, name: string): string | null {
	const value = body[name];
	if (value === undefined || value === null) return null;
	return typeof value === 'object' ? '' : String(value);
}

/**
 * A runtime exception the resource does not catch: Jersey hands it to the container, Tomcat answers 500 with the
 * webapp's error page (web.xml maps 500 to /unavailable.html) in every version.
 */
export function uncaught(profile: ServerProfile): EmulatorHttpError {
	return new EmulatorHttpError(500, 'Internal Server Error', tomcatSendError(profile, 500, ''));
}

/**
 * A Spring Security AccessDeniedException from the DAO's method security (repository.spring.xml userRoleDaoMethodInterceptor):
 * the filter chain's ExceptionTranslationFilter answers it with AccessDeniedHandlerImpl's sendError(403) — the webapp's page.
 */
export function accessDenied(profile: ServerProfile): EmulatorHttpError {
	return new EmulatorHttpError(403, 'Forbidden', tomcatSendError(profile, 403, 'Forbidden'));
}

/** GWT's server Base64Utils.fromBase64: alphabet A–Z a–z 0–9 $ _, any other character counts as 0; length not a multiple of 4 fails. */
function gwtFromBase64(data: string): Buffer {
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789$_';
	const len = data.length;
	if (len === 0) return Buffer.alloc(0);
	if (len % 4 !== 0) throw new Error('StringIndexOutOfBoundsException');
	let olen = 3 * (len / 4);
	if (data[len - 2] === '=') olen--;
	if (data[len - 1] === '=') olen--;
	const out = Buffer.alloc(Math.max(olen, 0));
	let o = 0;
	for (let i = 0; i < len && o < olen; i += 4) {
		const code = (k: number) => {
			// Java looks up `charAt & 0xff` in a 128-entry table: 128–255 fall outside it.
			const c = data.charCodeAt(i + k) & 0xff;
			if (c >= 128) throw new Error('ArrayIndexOutOfBoundsException');
			return Math.max(alphabet.indexOf(String.fromCharCode(c)), 0);
		};
		const c24 = (code(0) << 18) | (code(1) << 12) | (code(2) << 6) | code(3);
		out[o++] = (c24 >> 16) & 0xff;
		if (o < olen) out[o++] = (c24 >> 8) & 0xff;
		if (o < olen) out[o++] = c24 & 0xff;
	}
	return out;
}

/**
 * UserRoleDaoResource.b64DecodePassword: a password starting "ENC:" is the rest decoded with GWT's Base64Utils
 * (every version; the user console encodes with window.btoa, whose "+" and "/" this alphabet does not know), then
 * on 10.2 GA URL-decoded as well ([BISERVER-14644] pentaho-platform@59ab5b54ba, first tag 10.2.0.0-127, reverted by
 * @e04756d2f0 "[SP-6612] Backport of PDI-20206" from 10.2.0.1-244 on the 10.2 line and @6219e636d8 from 10.3.0.0-105,
 * so never in 9.3, 10.2.0.10-434 or 11.x). Throws (as Java would) on a malformed value.
 */
export function decodePassword(profile: ServerProfile, value: string | null, urlDecode: (text: string) => string): string | null {
	if (value === null || value === '' || !value.startsWith('ENC:')) return value;
	const decoded = gwtFromBase64(value.slice(4)).toString('utf8');
	const b64UrlDecoded = profile.atLeast('10.2.0.0-127') && profile.before('10.2.0.1-244');
	return b64UrlDecoded ? urlDecode(decoded) : decoded;
}

/**
 * JSON or XML for @Produces({APPLICATION_XML, APPLICATION_JSON}): the client's higher quality wins, a tie (no Accept,
 * a wildcard) takes the first, XML.
 */
export function wantsJson(ctx: RequestContext): boolean {
	const header = String(ctx.req.headers.accept ?? '').toLowerCase();
	const quality = (kind: 'json' | 'xml'): number => {
		let best = header.trim() === '' ? 1 : 0;
		for (const part of header.split(',')) {
			const [type, ...params] = part.split(';').map((p) => p.trim());
			const q = Number(params.find((p) => p.startsWith('q='))?.slice(2) ?? '1');
			const matches = type === '*/*' || type === 'application/*' || (kind === 'json' ? type === 'application/json' : type === 'application/xml' || type === 'text/xml' || type === 'text/*');
			if (matches && Number.isFinite(q)) best = Math.max(best, q);
		}
		return best;
	};
	const json = quality('json');
	const xml = quality('xml');
	if (json === 0 && xml === 0) throw EmulatorHttpError.bare(406);
	return json > xml;
}
