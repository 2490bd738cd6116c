/**
 * The fixed words of the event pages' views in a language, from the message catalogues (site/i18n/): the
 * reader's side of an action, the bindings' labels and values, the sidebar group's labels. The pages' own
 * sentences are read in the components with the page's `t`.
 */
import type { MessageKey, Translate } from '../i18n/catalogue.ts';
import type { BindingWords } from './bindings.ts';
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
