import { Card, Col, Row } from '@lender/shared/ui/antd';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { sampleImage } from './sample-image';

const ratios = [
  { name: 'Video Ratio 16:9', width: 16, height: 9 },
  { name: 'Video Ratio 4:3', width: 4, height: 3 },
  { name: 'Video Ratio 21:9', width: 21, height: 9 },
  { name: 'Video Ratio 1:1', width: 1, height: 1 },
];

/** /videos: sample players in the usual aspect ratios, with no source (docs/product.md#routes). */
export default function VideosPage() {
  return (
    <>
      <PageHeader title="Videos" />
      <Row gutter={[16, 16]}>
        {ratios.map((ratio, index) => (
          <Col key={ratio.name} xs={24} lg={12}>
            <Card title={ratio.name}>
              {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a sample player with no source (docs/product.md#routes): there is nothing to caption */}
              <video
                controls
                preload="none"
                aria-label={`Sample video, ${ratio.width}:${ratio.height}`}
                poster={sampleImage(
                  200 + index * 40,
                  `${ratio.width}:${ratio.height}`,
                  ratio.width * 40,
                  ratio.height * 40,
                )}
                style={{
                  width: '100%',
                  aspectRatio: `${ratio.width} / ${ratio.height}`,
                  borderRadius: 8,
                  background: '#000',
                }}
              />
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
