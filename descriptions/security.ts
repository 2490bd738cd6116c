// Security as an OpenAPI description states it (OpenAPI 3.2 section 4.8.10): the schemes it declares and
// the requirements an operation has. The reference's pages, its try-it documents and any other part read
// them from here, so "the operation's own list, else the description's" is decided once.
import { isObject, type JsonObject } from './json.ts';

/** The description's declared security schemes (`components.securitySchemes`), by name; empty when none. */
export function declaredSchemes(doc: JsonObject): JsonObject {
  return isObject(doc.components) && isObject(doc.components.securitySchemes) ? doc.components.securitySchemes : {};
}

/**
 * An operation's security requirements: its own `security` when it has one (an empty list too: no
 * security), else the description's top-level `security` (OpenAPI 3.2 section 4.8.10.1). The
 * requirements are alternatives; the schemes named in one are all needed. Entries that are not objects
 * are left out.
 * @param operation the Operation Object, or undefined for none (then the description's requirements)
 */
export function securityRequirements(doc: JsonObject, operation: JsonObject | undefined): JsonObject[] {
  const own = operation?.security;
  const requirements = Array.isArray(own) ? own : Array.isArray(doc.security) ? doc.security : [];
  return requirements.filter(isObject);
}
