/**
 * The fixed words of the event pages' views in a language, from the message catalogues (site/i18n/): the
 * reader's side of an action, the bindings' labels and values, the sidebar group's labels. The pages' own
 * sentences are read in the components with the page's `t`.
 */
import type { MessageKey, Translate } from '../i18n/catalogue.ts';
import type { BindingWords } from './bindings.ts';
import type { TryItWords } from './browser/tryit.ts';
import type { EventSidebarWords, EventWords } from './model.ts';

/** The catalogue key of a known binding field's label: `ev.binding.mqtt.qos`. */
export function bindingLabelKey(protocol: string, field: string): MessageKey {
  return `ev.binding.${protocol}.${field}` as MessageKey;
}

/** The bindings' words in a language. */
export function bindingWords(t: Translate): BindingWords {
  return {
    label: (protocol, field) => t(bindingLabelKey(protocol, field)),
    yes: t('ev.binding.yes'),
    no: t('ev.binding.no'),
    qos: (level) => (['0', '1', '2'].includes(level) ? t(`ev.binding.qos${level}` as MessageKey) : undefined),
    version: t('ev.binding.version'),
  };
}

/** An event API view's words in a language. */
export function eventWords(t: Translate): EventWords {
  return {
    direction: (d) => t(d === 'api-sends' ? 'ev.direction.apiSends' : 'ev.direction.youSend'),
    bindings: bindingWords(t),
  };
}

/** The sidebar group's words in a language. */
export function sidebarWords(t: Translate): EventSidebarWords {
  return {
    overview: t('ref.sidebar.overview'),
    messages: t('ev.sidebar.messages'),
    download: t('ev.sidebar.download'),
    send: t('ev.sidebar.send'),
    receive: t('ev.sidebar.receive'),
  };
}

/** The try-it panel's words in a language (the page writes them for the panel's client: events/browser/tryit.ts). */
export function tryItWordsOf(t: Translate): TryItWords {
  return {
    transport: t('ev.tryit.transport'),
    transportWs: t('ev.tryit.transportWs'),
    tokenLabel: t('ev.tryit.tokenLabel'),
    connect: t('ev.tryit.connect'),
    disconnect: t('ev.tryit.disconnect'),
    send: t('ev.tryit.sendButton'),
    message: t('ev.heading.message'),
    messages: t('ev.heading.messages'),
    connectedWs: t('ev.tryit.connectedWs'),
    closedWs: t('ev.tryit.closedWs'),
    connectedSse: t('ev.tryit.connectedSse'),
    streamStopped: t('ev.tryit.streamStopped'),
    disconnected: t('ev.tryit.disconnected'),
    youSent: t('ev.tryit.youSent'),
    // The placeholders stay for the client to fill in (tryit.ts `fill`).
    reply: t('ev.tryit.reply', { event: '{{event}}', status: '{{status}}' }),
    backend: { browser: t('ev.tryit.backendBrowser'), none: t('ev.tryit.backendNone') },
    wsNeedsServer: t('ev.tryit.wsNeedsServer'),
  };
}
