// The Ironsworn table's page (ES modules, each panel a module of its own, served as they are,
// no build step). This entry imports first.js alone, so it runs as soon as the two are here:
// the campaign's first reads are asked for at once, then the page (page.js, and every module
// it imports: index.html asks for them all with this one) draws them as they come.
import "./first.js";

import("./page.js");
