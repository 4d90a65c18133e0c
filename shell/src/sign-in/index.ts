// Entry of dist/signin.html's script (a bundle of its own, outside Module Federation).
import { startSignInPage } from './sign-in';

startSignInPage();
