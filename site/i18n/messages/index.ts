/**
 * Every shipped message catalogue, by BCP-47 tag: one JSON file per language in this folder. A site build
 * serves this module with only the catalogues of the languages it builds (../plugin.ts
 * `catalogueSelection`): its pages never read the others, which were most of the JSON in the server
 * bundle of a one-language build. Code that runs outside a build (tests, the MCP server, the Open Graph
 * child) imports this file itself and gets them all.
 */
import ar from './ar.json' with { type: 'json' };
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ja from './ja.json' with { type: 'json' };
import ko from './ko.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };
import zhCN from './zh-CN.json' with { type: 'json' };

export default { en, de, es, fr, ja, ko, 'pt-BR': ptBR, 'zh-CN': zhCN, ar };
