import { useAppDispatch, useAppSelector } from '@lender/shared/client/hooks';
import { Button, FloatButton } from '@lender/shared/ui/antd';
import { MoonOutlined, SunOutlined } from '@lender/shared/ui/icons';
import { selectThemeMode, themeToggled } from './theme-slice';

const LABEL = 'Toggle theme';

function useThemeToggle() {
  const mode = useAppSelector(selectThemeMode);
  const dispatch = useAppDispatch();
  return {
    icon: mode === 'dark' ? <SunOutlined /> : <MoonOutlined />,
    toggle: () => dispatch(themeToggled()),
  };
}

/** The header's light/dark switch. */
export function ThemeToggleButton() {
  const { icon, toggle } = useThemeToggle();
  return <Button shape="circle" icon={icon} aria-label={LABEL} title={LABEL} onClick={toggle} />;
}

/** The sign-in page's floating switch, bottom right, hidden on small screens. */
export function FloatingThemeToggle() {
  const { icon, toggle } = useThemeToggle();
  return (
    <FloatButton
      className="floating-theme-toggle"
      icon={icon}
      aria-label={LABEL}
      tooltip={LABEL}
      onClick={toggle}
      style={{ insetInlineEnd: 24, insetBlockEnd: 24 }}
    />
  );
}
