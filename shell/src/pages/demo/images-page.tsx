import { Card, Col, Image, Row } from '@lender/shared/ui/antd';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { sampleImage } from './sample-image';

const pictures = [20, 140, 200, 260, 320, 80].map((hue, index) => ({
  src: sampleImage(hue, `Image ${index + 1}`),
  alt: `Sample image ${index + 1}`,
}));

/** /images: sample content only (docs/product.md#routes). */
export default function ImagesPage() {
  return (
    <>
      <PageHeader title="Images" />
      <Card title="Responsive image grid">
        <Image.PreviewGroup>
          <Row gutter={[16, 16]}>
            {pictures.map((picture) => (
              <Col key={picture.alt} xs={24} sm={12} lg={8}>
                <Image src={picture.src} alt={picture.alt} width="100%" />
              </Col>
            ))}
          </Row>
        </Image.PreviewGroup>
      </Card>
    </>
  );
}
