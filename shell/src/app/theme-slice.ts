import { createSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@lender/shared/client/store';
import { storedTheme } from './theme-storage';

export { applyTheme, storedTheme, type ThemeMode } from './theme-storage';

const themeSlice = createSlice({
  name: 'theme',
  initialState: () => ({ mode: storedTheme() }),
  reducers: {
    themeToggled: (state) => {
      state.mode = state.mode === 'dark' ? 'light' : 'dark';
    },
  },
  selectors: { selectThemeMode: (state) => state.mode },
});

export const injectedThemeSlice = themeSlice.injectInto(rootReducer);
export const { themeToggled } = themeSlice.actions;
export const { selectThemeMode } = injectedThemeSlice.selectors;
