import { theme } from '@lender/shared/ui/antd-core';
import { contrastRatio } from '../testing/contrast';
import { themeFor } from './providers';

/** The text colours the theme sets, each on the backgrounds it is drawn on (WCAG AA: 4.5:1). */
describe.each(['light', 'dark'] as const)('the %s theme', (mode) => {
  const config = themeFor(mode);
  const token = theme.getDesignToken(config);
  const menu = config.components?.Menu ?? {};
  const pages = [token.colorBgContainer, token.colorBgLayout];

  it.each([
    ['secondary text and menu group titles', token.colorTextDescription],
    ['tertiary text', token.colorTextTertiary],
    ['placeholders', token.colorTextPlaceholder],
    ['links', token.colorLink],
    ['red text (danger buttons, errors)', token.colorError],
    ['menu group titles', menu.groupTitleColor as string],
  ])('%s read at 4.5:1 on the page', (_, colour) => {
    for (const background of pages) expect(contrastRatio(colour, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('the selected menu item reads at 4.5:1 on its highlight, and its group title on the page', () => {
    expect(contrastRatio(menu.itemSelectedColor as string, token.controlItemBgActive)).toBeGreaterThanOrEqual(
      4.5,
    );
    expect(
      contrastRatio(menu.subMenuItemSelectedColor as string, token.colorBgContainer),
    ).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    'blue',
    'purple',
    'cyan',
    'green',
    'magenta',
    'pink',
    'red',
    'orange',
    'yellow',
    'volcano',
    'geekblue',
    'gold',
    'lime',
  ])('a %s tag reads at 4.5:1 (shade 7 on shade 1)', (hue) => {
    const palette = token as unknown as Record<string, string>;
    expect(contrastRatio(palette[`${hue}7`]!, palette[`${hue}1`]!)).toBeGreaterThanOrEqual(4.5);
  });

  it('a table says it is empty at 4.5:1', () => {
    const table = config.components?.Table ?? {};
    expect(contrastRatio(table.colorTextDisabled as string, token.colorBgContainer)).toBeGreaterThanOrEqual(
      4.5,
    );
  });

  it('info text (processing tags) reads at 4.5:1 on its tint', () => {
    expect(contrastRatio(token.colorInfoText, token.colorInfoBg)).toBeGreaterThanOrEqual(4.5);
  });

  it('button text reads at 4.5:1 on primary and danger buttons', () => {
    expect(contrastRatio('#ffffff', token.colorPrimary)).toBeGreaterThanOrEqual(4.5);
    const dangerText = (config.components?.Button?.dangerColor as string | undefined) ?? '#ffffff';
    expect(contrastRatio(dangerText, token.colorError)).toBeGreaterThanOrEqual(4.5);
  });

  it('a default button under the pointer or pressed reads at 4.5:1 on the page', () => {
    const button = config.components?.Button ?? {};
    for (const colour of [button.defaultHoverColor, button.defaultActiveColor] as string[])
      for (const background of pages) expect(contrastRatio(colour, background)).toBeGreaterThanOrEqual(4.5);
  });
});
