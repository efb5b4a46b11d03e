import { Module } from '@nestjs/common';
import { CharactersModule } from '../characters/characters.module';
import { ReviewController } from './review.controller';
import { ReviewService } from './review.service';

/** Staff review of submitted characters: the queue and the controller over the characters' lifecycle. */
@Module({
  imports: [CharactersModule],
  controllers: [ReviewController],
  providers: [ReviewService],
})
export class ReviewModule {}
