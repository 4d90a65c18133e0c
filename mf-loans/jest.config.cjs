module.exports = require('@lender/shared/testing/jest-config.cjs')(__dirname, 'src/testing/jest-setup.ts');
