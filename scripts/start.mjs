// `npm start`: install, build what is out of date, and serve the whole product from one origin.
import { installAndBuild, serveBuilt } from './lib.mjs';

await installAndBuild();
serveBuilt();
