const config = require('@lender/shared/testing/jest-config.cjs')(__dirname);

// Local workarounds until shared/testing has them (reported to the shell engineer):
// - the CommonJS build of @ant-design/icons 6.3.4 requires '@ant-design/colors/es/generate', an ES
//   module jest cannot load; its lib twin is the same code;
// - the shared MessageChannel stub has its ports the wrong way round for React's scheduler.
module.exports = {
  ...config,
  setupFiles: [...config.setupFiles, '<rootDir>/src/testing/message-channel-shim.cjs'],
  moduleNameMapper: {
    ...config.moduleNameMapper,
    '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
  },
};
