import { Input } from '@lender/shared/ui/antd';
import { SearchOutlined } from '@lender/shared/ui/icons';
import { useDebouncedSearchBox } from '@lender/shared/ui/use-debounced-search-box';

/** The search box of a list: applies what was typed once typing pauses, or at once on Enter. */
export function SearchBox({
  label,
  search,
  onSearch,
}: {
  label: string;
  search: string;
  onSearch: (search: string) => void;
}) {
  const box = useDebouncedSearchBox(search, onSearch);
  return (
    <Input
      type="search"
      aria-label={label}
      placeholder={label}
      prefix={<SearchOutlined aria-hidden />}
      allowClear
      value={box.text}
      onChange={(event) => box.change(event.target.value)}
      onPressEnter={box.applyNow}
      style={{ width: 320 }}
    />
  );
}
