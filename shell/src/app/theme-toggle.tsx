import { useAppDispatch, useAppSelector } from '@lender/shared/client/hooks';
import { Button } from '@lender/shared/ui/antd-core';
import { MoonOutlined, SunOutlined } from '@lender/shared/ui/icons-core';
import { selectThemeMode, themeToggled } from './theme-slice';

const LABEL = 'Toggle theme';

function useThemeToggle() {
  const mode = useAppSelector(selectThemeMode);
  const dispatch = useAppDispatch();
  return {
    icon: mode === 'dark' ? <SunOutlined aria-hidden /> : <MoonOutlined aria-hidden />,
    toggle: () => dispatch(themeToggled()),
  };
}

/** The header's light/dark switch. */
export function ThemeToggleButton() {
  const { icon, toggle } = useThemeToggle();
  return <Button shape="circle" icon={icon} aria-label={LABEL} title={LABEL} onClick={toggle} />;
}
