// The event mock in the reader's browser: a service worker that answers an event API's try-it on a static
// host (no server process), below that API's reference (`<base>/mock-sw.js`). The event try-it registers
// it on its first use, and only when the site's own server does not answer the API's mock
// (site/events/browser/tryit.ts). It runs the server's core (../events/index.ts) on the API's model as the
// build parsed it (no AsyncAPI parser here) with its messages' validators compiled at build time
// (hosts/bundle.ts `eventApiModules`): `GET` with `Accept: text/event-stream` streams the messages the API
// sends as Server-Sent Events, a `POST` of a message is answered 202 with the reply or 400 naming the
// fields. A WebSocket never reaches a service worker: it needs the site's server. A token's rate window
// lives while the worker runs (nothing else of a reader is kept for an event API).
import { apis } from 'virtual:petstore-mock/events';
import { checkerOf, createEventMock } from '../events/index.ts';
import { serveMock } from './worker-scope.ts';

const mock = createEventMock(
  apis.map((a) => ({ mount: a.mount, model: a.model, validators: checkerOf(a.validators) })),
  // As the REST in-browser mock: no idle expiry of a token while the worker runs.
  { sandboxes: { idleMs: Number.POSITIVE_INFINITY } },
);

serveMock((request) => (mock.owns(new URL(request.url).pathname) ? mock.handle(request) : undefined));
