import { DATA_TAGS } from '@lender/shared/client/data-changed';
import { contributionsOf } from '@lender/shared/contract/page-declarations';
import { pageDeclarations } from './page-declarations';

/**
 * What this remote adds to the product, derived from its page declarations: the build puts it into
 * mf-manifest.json and the shell reads it at run time, so a page added goes live with a deploy of
 * this remote alone.
 */
export const contributions = contributionsOf(pageDeclarations, DATA_TAGS);
