import { Button, Form, Upload, type UploadProps } from '@lender/shared/ui/antd';
import { UploadOutlined } from '@lender/shared/ui/icons';

/** What the server stores (recognised from the bytes): JPEG, PNG or WebP, at most 5 MB. */
const STORED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_BYTES = 5 * 1024 * 1024;

/** Why a chosen file cannot be the photo, or null when it can. */
export function photoProblem(label: string, file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return `${label} must be an image file.`;
  if (!STORED_TYPES.includes(file.type)) return `${label} must be a JPEG, PNG or WebP image.`;
  if (file.size > MAX_BYTES) return `${label} must be at most 5 MB.`;
  return null;
}

/** Thumbnail of the chosen image without copying it; none where object URLs are missing (jsdom). */
const previewPhoto = async (file: File | Blob): Promise<string> =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';

const fileListFromEvent = (event: { fileList: NonNullable<UploadProps['fileList']> }) => event.fileList;

interface PhotoFieldProps {
  name: 'passport_photo' | 'national_id_photo';
  label: string;
  /** What the picker button says ("Choose passport photo"). */
  chooseText: string;
  required?: boolean;
}

/**
 * A photo picker that offers images only, keeps the chosen file in the browser until submit and
 * shows it; a file that is not a JPEG, PNG or WebP image (or is over 5 MB) is refused with the
 * reason under the field.
 */
export function PhotoField({ name, label, chooseText, required = false }: PhotoFieldProps) {
  const form = Form.useFormInstance();

  const keepValidPhoto: UploadProps['beforeUpload'] = (file) => {
    const problem = photoProblem(label, file);
    form.setFields([{ name, errors: problem ? [problem] : [] }]);
    // false keeps the file without uploading it now; LIST_IGNORE leaves it out of the list.
    return problem ? Upload.LIST_IGNORE : false;
  };

  return (
    <Form.Item
      label={label}
      name={name}
      valuePropName="fileList"
      getValueFromEvent={fileListFromEvent}
      rules={required ? [{ required: true, type: 'array', min: 1, message: `${label} is required` }] : []}
    >
      <Upload
        accept="image/*"
        listType="picture"
        maxCount={1}
        beforeUpload={keepValidPhoto}
        previewFile={previewPhoto}
      >
        <Button icon={<UploadOutlined aria-hidden />}>{chooseText}</Button>
      </Upload>
    </Form.Item>
  );
}
