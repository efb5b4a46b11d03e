import { Module } from '@nestjs/common';
import { ImagesModule } from '../images/images.module';
import { IdCardService } from './id-card.service';
import { ReviewController } from './review.controller';
import { ReviewRepository } from './review.repository';
import { ReviewService } from './review.service';

/** Staff review of submitted characters; exports the ID card issuer for edits of approved characters. */
@Module({
  imports: [ImagesModule],
  controllers: [ReviewController],
  providers: [ReviewService, ReviewRepository, IdCardService],
  exports: [IdCardService],
})
export class ReviewModule {}
