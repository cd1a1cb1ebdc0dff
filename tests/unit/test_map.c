/* placeholder until the loaders land */
int main(void) { return 77; }
