module.exports = require('@lender/shared/testing/jest-config.cjs')(__dirname);
