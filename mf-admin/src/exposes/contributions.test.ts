import { describeRemoteDeclaration } from '@lender/shared/testing/remote-declaration.ts';
import { contributions } from '../contributions';
import { pages } from './pages';

describeRemoteDeclaration(contributions, pages);
