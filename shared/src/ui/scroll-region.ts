import { useEffect, useRef } from 'react';

/**
 * A ref for the element around an antd Table that scrolls sideways inside itself (`scroll.x`): the
 * scrolling part antd renders (.ant-table-content, .ant-table-body) is made reachable by keyboard
 * and named "<label>, scrollable" (axe scrollable-region-focusable), as PagedTable does for the lists.
 * Nothing is done unless `enabled`.
 */
export function useScrollRegion(label: string, enabled = true) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!enabled) return;
    ref.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body').forEach((region) => {
      region.tabIndex = 0;
      region.setAttribute('role', 'region');
      region.setAttribute('aria-label', `${label}, scrollable`);
    });
  });
  return ref;
}
