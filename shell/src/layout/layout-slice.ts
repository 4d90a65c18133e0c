import { createSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@lender/shared/client/store';

/** Sidebar state of the docs/product.md#application-frame (the active item and open submenu follow the route). */
interface LayoutState {
  /** Desktop: 290px expanded or 90px collapsed. */
  sidebarExpanded: boolean;
  /** Below 991px the sidebar is an overlay, open or closed. */
  mobileOpen: boolean;
  /** A collapsed sidebar expands while the pointer is over it. */
  hovered: boolean;
}

const initialState: LayoutState = { sidebarExpanded: true, mobileOpen: false, hovered: false };

const layoutSlice = createSlice({
  name: 'layout',
  initialState,
  reducers: {
    sidebarToggled: (state, { payload }: { payload: { mobile: boolean } }) => {
      if (payload.mobile) state.mobileOpen = !state.mobileOpen;
      else state.sidebarExpanded = !state.sidebarExpanded;
    },
    mobileSidebarClosed: (state) => {
      state.mobileOpen = false;
    },
    sidebarHovered: (state, { payload }: { payload: boolean }) => {
      state.hovered = payload;
    },
  },
  selectors: {
    selectSidebarExpanded: (state) => state.sidebarExpanded,
    selectMobileSidebarOpen: (state) => state.mobileOpen,
    selectSidebarHovered: (state) => state.hovered,
  },
});

export const injectedLayoutSlice = layoutSlice.injectInto(rootReducer);
export const { sidebarToggled, mobileSidebarClosed, sidebarHovered } = layoutSlice.actions;
export const { selectSidebarExpanded, selectMobileSidebarOpen, selectSidebarHovered } =
  injectedLayoutSlice.selectors;
