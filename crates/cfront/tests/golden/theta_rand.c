void reach_error();
int main() {
    int rand;
    if (rand) {
        rand = 1;
    }
    if (rand) {
        reach_error();
    }
    return 0;
}
